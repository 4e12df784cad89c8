import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

type PdfMake = {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};

let instance: PdfMake | null = null;

/** pdfmake on the server with its bundled Roboto (Cyrillic and the ruble sign); no remote resources. */
function pdfmake(): PdfMake {
  if (instance) return instance;
  const loaded = require('pdfmake') as PdfMake;
  const fonts = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  loaded.setFonts({
    Roboto: {
      normal: path.join(fonts, 'Roboto-Regular.ttf'),
      bold: path.join(fonts, 'Roboto-Medium.ttf'),
      italics: path.join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  loaded.setUrlAccessPolicy(() => false);
  // Only the bundled fonts may be read from disk; document content never names files.
  loaded.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts));
  instance = loaded;
  return loaded;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(definition).getBuffer();
}
