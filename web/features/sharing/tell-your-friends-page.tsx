import type { PublicPost } from '../../../core/feed';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { useSiteOrigin } from '../../lib/preloaded';
import { Link } from '../../ui/link';
import { PostCard } from '../../ui/post-card';
import { ShareActions } from '../../ui/share-actions';
import { SharePageButton } from '../../ui/share-page-button';
import { QrCard } from './qr-card';
import './sharing.css';

const STEPS = [
  { title: 'Sign up and request a handle', text: 'Pick your @handle, like @green-grocer. We review every request.' },
  {
    title: 'Share a link to your latest list',
    text: 'Post the menu, price list or catalogue you already keep on Google Drive, Dropbox or OneDrive.',
  },
  {
    title: 'Print your QR card',
    text: 'Put it on your counter or send your link. Followers always see your newest list in their feed.',
  },
];

const SAMPLE_POST: PublicPost = {
  id: 1,
  handle: 'yourname',
  url: 'https://drive.google.com/',
  description: "This week's price list: new seasonal vegetables, weekend specials and the catering menu for spring.",
  createdAt: Date.now(),
  editedAt: null,
  validFrom: null,
  validUntil: null,
  list: { id: 1, slug: 'price-list', name: 'Price list', versions: 1, audience: 'public' },
  locked: false,
  fileChangedAt: null,
  unavailable: false,
};

const SHARED = {
  title: "You're invited to join Freshlist",
  text: 'Share your latest price list or menu once, and everyone you work with sees each new version.',
};

/** /tell-your-friends: the invitation marketing page ('You're invited to join'). */
export function TellYourFriendsPage() {
  const origin = useSiteOrigin();
  const { auth } = useAuth();
  const url = `${origin}${pagePath('tellYourFriends')}`;
  return (
    <main className="page invitation">
      <p className="brand center">Freshlist</p>
      <h1 className="center">You're invited to join</h1>
      <p className="lead center">
        Freshlist is where suppliers, restaurants and small businesses share their latest lists, and the people they work with
        follow along.
      </p>
      <p className="center muted">Send this page to a supplier or restaurant you work with:</p>
      <ShareActions url={url} {...SHARED} />

      <div className="invitation-samples">
        <section aria-labelledby="sample-card-heading">
          <h2 id="sample-card-heading" className="center">
            Your own QR card
          </h2>
          <QrCard handle="yourname" displayName="Your business" sample />
        </section>
        <section aria-labelledby="sample-post-heading">
          <h2 id="sample-post-heading" className="center">
            Your posts
          </h2>
          {/* A picture of a post, not a real one: inert, so its links cannot be followed or focused. */}
          <p className="visually-hidden">A sample post by @yourname: {SAMPLE_POST.description}</p>
          <div className="sample-post" inert>
            <PostCard post={SAMPLE_POST} counted={false} />
          </div>
        </section>
      </div>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="center">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>{step.text}</span>
            </li>
          ))}
        </ol>
      </section>

      {/* A holder already did all three (issue 43): their next step is passing the page on. */}
      <p className="center">
        {auth.user?.approved ? (
          <SharePageButton url={url} {...SHARED} />
        ) : (
          <Link className="button button-primary" to={pagePath('requestHandle')}>
            SIGN UP &amp; REQUEST A HANDLE
          </Link>
        )}
      </p>
    </main>
  );
}
