import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * The text a PDF's pages draw, as far as a test needs it: every string operand of their content
 * streams (literal `(…)` and hex `<…>`, as pdf-lib writes them with a standard font), page by page.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let text = '';
    for (const item of streams) {
      const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      for (const m of ops.matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
        text += m[1] ? m[1].replace(/../g, (h) => String.fromCharCode(parseInt(h, 16))) : m[2]!.replace(/\\(.)/g, '$1');
        text += '\n';
      }
    }
    return text;
  });
}
