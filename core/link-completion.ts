// No imports: business-contact.ts (on the public profile's first visit) uses it without zod (ADR 0062).

/**
 * A link as people type it, completed (#31): one typed without a scheme ("drive.google.com/…",
 * "www.dropbox.com/…", "//host/…") gets https:// in front, as a browser's address bar would; any
 * other text (with a scheme, http:// included, or not a host at all) comes back trimmed, for the
 * rules to judge. The browser completes a field with it as it is left, the server before checking.
 */
export function completeLink(raw: string): string {
  const text = raw.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[a-z][a-z0-9+.-]*:[^0-9]/i.test(text)) return text;
  if (text.startsWith('//')) return `https:${text}`;
  return /^[^\s/?#@:]+\.[^\s/?#@:.]+/.test(text) ? `https://${text}` : text;
}
