import { marked } from 'marked';
import type SanitizeHtml from 'sanitize-html';
import { readingMinutes } from '../../../domain/blog';
import { sanitizeHtml } from '../../lazy-modules';

// The spec's allow-list (docs/architecture.md#blog): these tags, these attributes, no data-*
// attribute, no style, no event handler. Links and images only over http(s) (links also mailto: and
// paths of our own site): javascript:, data: and the rest are dropped.
const allowedTags = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'code',
  'pre',
];

const external = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

const options: SanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title', 'class'],
    img: ['src', 'alt', 'title', 'class'],
    '*': ['title', 'class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links to other sites open apart and tell them nothing of the page (no opener, no referrer).
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!external.test(href)) return { tagName, attribs };
      return {
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
      };
    },
  },
};

/** Sanitises a post's HTML to the allow-list: at save, and again each time it is shown. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** A post's Markdown turned into sanitised HTML (raw HTML inside it goes through the list too). */
export function renderBlogMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return sanitizeBlogHtml(html);
}

/** The text of some HTML, tags removed: for reading times and descriptions. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The HTML and reading time of a post's Markdown, as saved. */
export function renderPost(markdown: string): { content: string; readingMinutes: number } {
  const content = renderBlogMarkdown(markdown);
  return { content, readingMinutes: readingMinutes(plainText(content)) };
}
