import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// html: false escapes any raw HTML in the text; markdown-it's link check refuses javascript:, vbscript:,
// file: and data: (other than images) URLs. What remains is Markdown's own, safe, markup.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Renders an admin note's Markdown. Loaded lazily: only the notes pages need the parser. */
export default function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => markdown.render(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false emits only escaped text and its own tags.
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
