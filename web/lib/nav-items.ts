import type { SessionUser } from '../../core/api';
import { type PageKey, pagePath } from '../../core/pages';
import type { CurrentPage } from './current-page';

/** One link of the site header's navigation. */
export interface NavItem {
  label: string;
  to: string;
  /** The pages on which this item is the current one (aria-current="page"). */
  current(page: CurrentPage | null): boolean;
  /** The one action the header offers besides places (Share a new list), drawn as a button. */
  action?: true;
}

const on =
  (...keys: PageKey[]) =>
  (page: CurrentPage | null) =>
    page !== null && keys.includes(page.key);

/**
 * The header's links for the person looking (issue 15, #31), in one place: Explore for everyone;
 * signed in, Dashboard, Feed, Following, Explore, My page (an approved handle), Forms and Admin
 * (admins), and for a holder the action they come for, Share a new list; the account menu's Settings.
 */
export function navItems(user: SessionUser | null): NavItem[] {
  const explore: NavItem = { label: 'Explore', to: pagePath('explore'), current: on('explore') };
  if (!user) return [explore];
  const items: NavItem[] = [
    { label: 'Dashboard', to: pagePath('dashboard'), current: on('dashboard') },
    { label: 'Feed', to: pagePath('feed'), current: on('feed') },
    { label: 'Following', to: pagePath('following'), current: on('following') },
    explore,
  ];
  const handle = user.approved ? user.handle : null;
  if (handle) {
    items.push({
      label: 'My page',
      to: pagePath('profile', { handle }),
      current: (page) => page?.key === 'profile' && page.params.handle?.toLowerCase() === handle,
    });
  }
  items.push({
    label: 'Forms',
    to: pagePath('chatFormCreator'),
    current: on('chatFormCreator', 'chatFormNew', 'chatFormEdit', 'chatFormResponses'),
  });
  if (user.admin) {
    items.push({ label: 'Admin', to: pagePath('admin'), current: (page) => page !== null && isAdminPage(page.key) });
  }
  if (handle) items.push({ label: 'Share a new list', to: pagePath('upload'), current: on('upload'), action: true });
  return items;
}

/** The admin area: /admin/ and every page under it. */
const isAdminPage = (key: PageKey) => key.startsWith('admin') || key.startsWith('note-');

/** The account menu's entries besides Sign out. */
export const ACCOUNT_ITEMS: readonly NavItem[] = [
  { label: 'Orders', to: pagePath('orders'), current: on('orders', 'order') },
  { label: 'Settings', to: pagePath('settings'), current: on('settings', 'settingsProfile') },
];
