/**
 * How a business card links its stored contact details (issue 15 §3): the phone as a tel: link and
 * each social account's public address. Apart from reading what people type (business-contact.ts),
 * so a public profile's first visit downloads only what a card shows (docs/decisions/0193).
 */

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'linkedin', 'whatsapp'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type Socials = Partial<Record<SocialNetwork, string>>;

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
};

export const phoneDigits = (text: string) => text.replace(/\D/g, '');

/** A tel: link for a stored phone number. */
export const phoneLink = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phoneDigits(phone)}`;

/** The public link of a stored social account. */
export function socialLink(network: SocialNetwork, stored: string): string {
  switch (network) {
    case 'instagram':
      return `https://www.instagram.com/${stored}/`;
    case 'facebook':
      return `https://www.facebook.com/${stored}`;
    case 'linkedin':
      return `https://www.linkedin.com/${stored}/`;
    case 'whatsapp':
      return `https://wa.me/${stored}`;
  }
}
