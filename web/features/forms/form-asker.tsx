import type { FormOwner } from '../../../core/chat-form-api';
import { pagePath } from '../../../core/pages';

/** Up to two letters of the owner's name, shown where a logo would be when they have none. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 0);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}

/** Who asks the questions (issue 19): the owner's logo (or initials), public name and @handle. */
export function FormAsker({ owner }: { owner: FormOwner | null }) {
  if (!owner) return null;
  const name = owner.displayName.trim() || (owner.handle ? `@${owner.handle}` : '');
  if (!name) return null;
  return (
    <div className="chat-asker">
      {owner.logoUrl ? (
        <img className="chat-asker-logo" src={owner.logoUrl} alt="" width={44} height={44} />
      ) : (
        <span className="chat-asker-logo chat-asker-initials" aria-hidden="true">
          {initials(name.replace(/^@/, '')) || '?'}
        </span>
      )}
      <p className="chat-asker-text">
        <span className="visually-hidden">Asked by </span>
        <span className="chat-asker-name">{name}</span>
        {owner.handle && owner.displayName.trim() && (
          <a className="chat-asker-handle" href={pagePath('profile', { handle: owner.handle })}>
            @{owner.handle}
          </a>
        )}
      </p>
    </div>
  );
}
