/**
 * The one HTML policy for console-authored bodies (notices, FAQ answers, inquiry replies): DOMPurify options
 * used by the server when saving and by the web when rendering. Plain HTML only: no script, style, forms,
 * frames, event handlers, `style` attributes or data attributes; DOMPurify's URI rules drop `javascript:`.
 */
export const SAFE_HTML_OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'meta',
    'link',
    'base',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'background'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};
