import type { OwnList } from '../../../core/list';

/** The page's title: a new version names its list (#31), so it does not read as starting a new one. */
export function UploadHeading({ list }: { list: OwnList | undefined }) {
  if (list) {
    return (
      <>
        <h1>New version of {list.name}</h1>
        <p className="muted">
          The new version replaces {list.name} on your page, in your followers' feeds and behind its QR code. Change the link if
          the list now lives in another file.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Share a new list</h1>
      <p className="muted">
        Post the link to the menu, price list or catalogue you keep up to date. Your followers see it in their feed.
      </p>
    </>
  );
}
