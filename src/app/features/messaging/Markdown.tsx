import MarkdownIt from 'markdown-it';

/*
 * An article's Markdown, rendered safely (docs/decisions/017-messages-news-support.md): markdown-it
 * with `html: false`, so any HTML in the text is shown as text; its link check refuses
 * `javascript:`, `vbscript:`, `file:` and `data:` URLs; images are off (an article cannot load
 * third-party pixels); links open outside the app without a referrer. Loaded lazily: only the
 * article screen needs it.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
md.disable(['image']);
const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLink(tokens, idx, options, env, self);
};

export default function Markdown({ source }: { source: string }) {
  // markdown-it escapes every character of HTML in the source (html: false): the output holds only its own tags.
  return <div className="md" data-testid="article-body" dangerouslySetInnerHTML={{ __html: md.render(source) }} />;
}
