import type { ReactNode } from 'react';
import type { BusinessCard, Logo } from '../../core/business-profile';
import { phoneLink, SOCIAL_LABELS, SOCIAL_NETWORKS, socialLink } from '../../core/contact-links';
import { isTrade, tradeLabel } from '../../core/trades';
import './business-card.css';

/** A business's logo in a square, or its first letter where it has none. */
export function BusinessLogo({ logo, name, size = 'large' }: { logo: Logo | null; name: string; size?: 'large' | 'small' }) {
  const className = `business-logo business-logo-${size}`;
  if (!logo) {
    return (
      <span className={`${className} business-logo-empty`} aria-hidden="true">
        {[...name.trim()][0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <img className={className} src={logo.url} alt="" width={logo.width} height={logo.height} loading="lazy" decoding="async" />
  );
}

/** Trades as small labels, in the list's words ("Dry goods", "Café"). */
export function TradeList({ trades, label }: { trades: string[]; label: string }) {
  const known = trades.filter(isTrade);
  if (known.length === 0) return null;
  return (
    <ul className="trade-list" aria-label={label}>
      {known.map((trade) => (
        <li key={trade}>{tradeLabel(trade)}</li>
      ))}
    </ul>
  );
}

/** The ways to reach the business it chose to publish: website, phone, social accounts. */
export function ContactLinks({ business, name }: { business: BusinessCard; name: string }) {
  const links: Array<{ label: string; href: string; text: string }> = [];
  if (business.website) {
    links.push({
      label: 'Website',
      href: business.website,
      text: business.website.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, ''),
    });
  }
  if (business.phone) links.push({ label: 'Phone', href: phoneLink(business.phone), text: business.phone });
  for (const network of SOCIAL_NETWORKS) {
    const stored = business.socials[network];
    if (stored) links.push({ label: SOCIAL_LABELS[network], href: socialLink(network, stored), text: SOCIAL_LABELS[network] });
  }
  if (links.length === 0) return null;
  return (
    <ul className="contact-links" aria-label={`Contact ${name}`}>
      {links.map((link) => (
        // The label beside the link, not in it (issue 43): only the value is underlined and followed.
        <li key={link.label}>
          {link.label !== link.text && <span className="contact-label">{link.label}:</span>}
          <a href={link.href} rel="noopener noreferrer nofollow ugc" target={link.href.startsWith('tel:') ? undefined : '_blank'}>
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A business card (issue 15 §3): logo, the page's heading (the @handle, kept from the spec), the
 * display name, bio, trades, area and contact links. `actions` go under the name (Follow, Copy link).
 */
export function BusinessCardView({
  handle,
  displayName,
  business,
  heading,
  subtitle,
  actions,
}: {
  handle: string;
  displayName: string;
  business: BusinessCard;
  /** The page's heading; by default the @handle. */
  heading?: ReactNode;
  /** The line under the heading; by default the display name. */
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="business-card">
      <BusinessLogo logo={business.logo} name={displayName || handle} />
      <div className="business-card-body">
        <h1>{heading ?? `@${handle}`}</h1>
        {(subtitle ?? displayName) && <p className="business-card-name">{subtitle ?? displayName}</p>}
        {(business.area || business.trades.length > 0) && (
          <div className="business-card-meta">
            {business.area && <p className="business-card-area">{business.area}</p>}
            <TradeList trades={business.trades} label="Trades" />
          </div>
        )}
        {business.bio && <p className="business-card-bio">{business.bio}</p>}
        <ContactLinks business={business} name={displayName || `@${handle}`} />
        {actions && <div className="business-card-actions">{actions}</div>}
      </div>
    </div>
  );
}
