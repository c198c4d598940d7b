import { useEffect, useState } from 'react';

/**
 * The QR of an address as SVG markup, encoded in the browser. The encoder is loaded when a page
 * first shows a QR, not with the shared library every screen loads.
 */
export function useQrSvg(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (markup) => current && setSvg(markup),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [text]);
  return svg;
}

/** A printable label (rack, tag, machine): the QR, a name and a code, in a window of its own. */
export function printQrLabel(svg: string, name: string, code: string, caption: string): void {
  const popup = window.open('', '_blank', 'width=420,height=520');
  if (!popup) return;
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  popup.document.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escape(name)}</title><style>body{font-family:sans-serif;text-align:center;margin:16px}svg{width:60mm;height:60mm}h1{font-size:18pt;margin:4px}p{font-size:10pt}</style></head><body>${svg}<h1>${escape(name)}</h1><h2>${escape(code)}</h2><p>${escape(caption)}</p></body></html>`,
  );
  popup.document.close();
  popup.focus();
  popup.print();
}
