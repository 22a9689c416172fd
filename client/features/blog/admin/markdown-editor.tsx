import { Bold, Heading2, Italic, Link2, List, Quote } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { previewMarkdown } from './blog-admin-api';

type Edit = { before: string; after?: string; line?: boolean; placeholder: string };

const tools = [
  {
    label: m.toolBold,
    icon: Bold,
    key: 'b',
    edit: { before: '**', after: '**', placeholder: 'texte' },
  },
  {
    label: m.toolItalic,
    icon: Italic,
    key: 'i',
    edit: { before: '*', after: '*', placeholder: 'texte' },
  },
  {
    label: m.toolHeading,
    icon: Heading2,
    key: null,
    edit: { before: '## ', line: true, placeholder: 'Intertitre' },
  },
  {
    label: m.toolLink,
    icon: Link2,
    key: 'k',
    edit: { before: '[', after: '](https://)', placeholder: 'lien' },
  },
  {
    label: m.toolList,
    icon: List,
    key: null,
    edit: { before: '- ', line: true, placeholder: 'élément' },
  },
  {
    label: m.toolQuote,
    icon: Quote,
    key: null,
    edit: { before: '> ', line: true, placeholder: 'citation' },
  },
] as const;

/**
 * Markdown with a toolbar (bold, italic, heading, link, list, quote; Ctrl+B, Ctrl+I, Ctrl+K)
 * and a preview made by the server, so it shows exactly what the article will show.
 */
export function MarkdownEditor(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);

  const apply = (edit: Edit) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end, value } = el;
    const chosen = value.slice(start, end) || edit.placeholder;
    const lineStart = edit.line ? value.lastIndexOf('\n', start - 1) + 1 : start;
    const next = edit.line
      ? `${value.slice(0, lineStart)}${edit.before}${value.slice(lineStart, start)}${chosen}${value.slice(end)}`
      : `${value.slice(0, start)}${edit.before}${chosen}${edit.after ?? ''}${value.slice(end)}`;
    props.onChange(next);
    const from = (edit.line ? start : start) + edit.before.length;
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(from, from + chosen.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const tool = tools.find((t) => t.key === event.key.toLowerCase());
    if (!tool) return;
    event.preventDefault();
    apply(tool.edit);
  };

  return (
    <div className="rounded-xl border border-ink/20 bg-paper">
      <div className="flex flex-wrap items-center gap-1 border-b border-ink/10 p-2">
        <div role="toolbar" aria-label={m.editorToolbar} className="flex flex-wrap gap-1">
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              title={tool.label}
              aria-label={tool.label}
              disabled={preview}
              onClick={() => apply(tool.edit)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-paper-deep disabled:opacity-40"
            >
              <tool.icon aria-hidden="true" size={18} />
            </button>
          ))}
        </div>
        <div className="ml-auto flex rounded-full bg-paper-deep p-1 text-sm">
          {[false, true].map((isPreview) => (
            <button
              key={String(isPreview)}
              type="button"
              aria-pressed={preview === isPreview}
              onClick={() => setPreview(isPreview)}
              className={`rounded-full px-3 py-1 font-semibold ${preview === isPreview ? 'bg-paper shadow-sm' : ''}`}
            >
              {isPreview ? m.editorPreview : m.editorWrite}
            </button>
          ))}
        </div>
      </div>
      {preview ? (
        <Preview markdown={props.value} />
      ) : (
        <textarea
          id={props.id}
          ref={area}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={18}
          className="block w-full resize-y rounded-b-xl bg-paper p-4 font-mono text-sm leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
      )}
    </div>
  );
}

function Preview({ markdown }: { markdown: string }) {
  const [state, setState] = useState<{ html: string } | 'loading' | 'error'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    previewMarkdown(markdown, controller.signal)
      .then((r) => setState({ html: r.html }))
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [markdown]);
  if (state === 'loading') return <p className="p-4 text-ink-soft">…</p>;
  if (state === 'error')
    return (
      <p role="alert" className="p-4 text-accent">
        {m.previewError}
      </p>
    );
  if (!state.html) return <p className="p-4 text-ink-soft">{m.previewEmpty}</p>;
  return (
    <div
      data-testid="blog-preview"
      className="prose-preview max-h-[32rem] overflow-y-auto p-4 leading-relaxed [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_p]:my-3 [&_ul]:list-disc"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server
      dangerouslySetInnerHTML={{ __html: state.html }}
    />
  );
}
