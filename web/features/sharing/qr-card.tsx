import { QR_IMAGE_SIZE, sharingPaths } from '../../../core/sharing';
import { useSiteOrigin } from '../../lib/preloaded';

interface Props {
  handle: string;
  displayName: string;
  /** A sample card (the invitation page) says so to screen readers. */
  sample?: boolean;
}

/** The on-screen QR card: the product mark, a 160x160 code of the profile URL, @handle and name. */
export function QrCard({ handle, displayName, sample = false }: Props) {
  const url = `${useSiteOrigin()}/${handle}`;
  return (
    <figure className="qr-card" aria-label={sample ? 'Sample QR card' : `QR card for @${handle}`}>
      <p className="qr-card-mark" aria-hidden="true">
        <img src="/favicon.svg" alt="" width={20} height={20} /> Freshlist
      </p>
      <img
        className="qr-card-code"
        src={sharingPaths.qr(handle, 'png', QR_IMAGE_SIZE)}
        srcSet={`${sharingPaths.qr(handle, 'png', QR_IMAGE_SIZE * 2)} 2x`}
        width={QR_IMAGE_SIZE}
        height={QR_IMAGE_SIZE}
        alt={`QR code that opens ${url}`}
      />
      <figcaption>
        <strong className="qr-card-handle">@{handle}</strong>
        <span className="qr-card-name">{displayName}</span>
      </figcaption>
    </figure>
  );
}
