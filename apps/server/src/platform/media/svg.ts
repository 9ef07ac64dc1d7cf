/**
 * SVG uploads are parsed and rebuilt by DOMPurify (on a jsdom window) with its SVG profile: scripts, event
 * handler attributes, javascript: links, foreignObject and anything outside SVG are dropped, and the result
 * is serialized again as XML. What is stored is the sanitized document, never the upload's bytes.
 * Entity declarations are refused outright (entity expansion bombs).
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: { purify: DOMPurify; serialize: (node: Node) => string } | undefined;

function instance() {
  if (!purifier) {
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    purifier = {
      purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
      serialize: (node) => serializer.serializeToString(node),
    };
  }
  return purifier;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The sanitized SVG document, or null when the input is not an SVG image. */
export function sanitizeSvg(input: Buffer): Buffer | null {
  const text = input.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(text)) return null;
  const { purify, serialize } = instance();
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM_FRAGMENT: true,
  }) as unknown as DocumentFragment;
  const root = fragment.firstElementChild;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS || fragment.childElementCount !== 1)
    return null;
  // Nothing but the svg element (and blank text) at the top: "hello <svg>" is not an SVG file.
  if ([...fragment.childNodes].some((n) => n !== root && n.nodeType === 3 && n.textContent?.trim())) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}`, 'utf8');
}
