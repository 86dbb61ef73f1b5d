// Renders certificates off the event loop: a small pool of worker threads, each with pdfmake and the
// qrcode package. Fixed texts use the standard PDF fonts (nothing read from disk); the fallback fonts
// of certificate-text.ts are read the first time a certificate uses them and kept for the worker's
// life. The worker is an inline script so it runs the same from TypeScript sources (tests) and from
// dist. A preview asks for the first page as a PNG: the worker renders the PDF, then rasterises page
// 1 with pdf-to-img (Mozilla's pdf.js on a prebuilt skia canvas), so the image is the certificate itself.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { QR_PLACEHOLDER } from './certificate-document.js';
import { FALLBACK_FILES } from './certificate-fonts.js';

const require = createRequire(import.meta.url);

/** pdf.js renders at 72 dpi for scale 1: 150 dpi is sharp on phones and small (~150 KB). */
const PREVIEW_SCALE = 150 / 72;
/** The fontkit pdfkit lays text out with (pdfmake → pdfkit → fontkit), for the worker to mend. */
const FONTKIT = createRequire(createRequire(require.resolve('pdfmake')).resolve('pdfkit')).resolve('fontkit');
/** pdf-to-img is an ES module: the worker imports it by URL. */
const PDF_TO_IMG_URL = pathToFileURL(require.resolve('pdf-to-img')).href;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
// Linux applies a nice value to the calling thread only: rendering yields the CPU to the event loop.
try { require('node:os').setPriority(10); } catch {}
const pdfmake = require(workerData.pdfmake);
const LayoutBuilder = require(workerData.layoutBuilder).default;
const QRCode = require(workerData.qrcode);
const STANDARD = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique',
  'Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique']);
// A fallback family's files live in pdfmake's virtual file system under these names (the
// certificate has no italics: they map to the upright files).
const fallbacks = Object.fromEntries(Object.keys(workerData.fallbackFonts).map((family) => [family,
  { normal: family + '-normal', bold: family + '-bold', italics: family + '-normal', bolditalics: family + '-bold' }]));
pdfmake.setFonts({
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
  Courier: { normal: 'Courier', bold: 'Courier-Bold', italics: 'Courier-Oblique', bolditalics: 'Courier-BoldOblique' },
  ...fallbacks,
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => STANDARD.has(p));
const loadedFonts = new Set();
/** Reads the fallback families a document names, each once for the worker's life. */
function loadFonts(json) {
  for (const [, family] of json.matchAll(/"font":"(\\w+)"/g)) {
    const files = workerData.fallbackFonts[family];
    if (!files || loadedFonts.has(family)) continue;
    pdfmake.virtualfs.writeFileSync(fallbacks[family].normal, readFileSync(files.normal));
    pdfmake.virtualfs.writeFileSync(fallbacks[family].bold, readFileSync(files.bold));
    loadedFonts.add(family);
  }
}
// Right-to-left runs (certificate-text.ts). pdfmake sets a line's runs left to right in text order;
// which run goes where depends on the line, so once pdfmake has broken one, the bidi algorithm's
// rule L2 orders its runs: from the highest level down to 1, each sequence of runs at that level or
// above is reversed. The file then holds the line in drawing order, as PDF producers write
// right-to-left text, and extractors (pdf.js, poppler) read it back in reading order.
const buildNextLine = LayoutBuilder.prototype.buildNextLine;
LayoutBuilder.prototype.buildNextLine = function (textNode) {
  const line = buildNextLine.call(this, textNode);
  if (line && line.inlines.some((inline) => inline.bidiLevel !== undefined)) placeRuns(line);
  return line;
};
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function reverse(items, start, end) {
  for (let i = start, j = end - 1; i < j; i++, j--) [items[i], items[j]] = [items[j], items[i]];
}
function placeRuns(line) {
  const runs = line.inlines.slice();
  const levels = runs.map((inline) => inline.bidiLevel || 0);
  for (let level = Math.max(...levels); level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (levels[start] < level) continue;
      let end = start;
      while (end < runs.length && levels[end] >= level) end++;
      reverse(runs, start, end);
      reverse(levels, start, end);
      start = end;
    }
  }
  // The space a line breaks after is not drawn: when the last run is right to left, it is on its left.
  const first = runs[0];
  const last = line.inlines[line.inlines.length - 1];
  let x = first === line.inlines[0] ? -line.leadingCut : first === last && levels[0] % 2 === 1 ? -line.trailingCut : 0;
  line.inlines = runs;
  for (const inline of runs) {
    if (inline.reversed && !inline.reversedDone) {
      inline.text = Array.from(graphemes.segment(inline.text), (g) => g.segment).reverse().join('');
      inline.reversedDone = true;
    }
    inline.x = x;
    x += inline.width;
  }
}
// fontkit 2.0.4 throws on a NULL anchor in a mark-positioning lookup, which the OpenType spec allows
// ("no anchor for this class") and the Noto Gurmukhi, Telugu and Malayalam fonts have (fontkit issue
// #367, unreleased fix #374). HarfBuzz skips such a mark; so does this, on the class fontkit uses for
// every font (reached through a small font's layout engine: fontkit does not export it).
const fontkit = require(workerData.fontkit);
const probe = fontkit.create(readFileSync(workerData.fallbackFonts.NotoSansThai.normal));
const GPOSProcessor = Object.getPrototypeOf(probe._layoutEngine.engine.GPOSProcessor);
const applyAnchor = GPOSProcessor.applyAnchor;
GPOSProcessor.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
  if (!baseAnchor || !markRecord.markAnchor) return;
  applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
};
let pdfToImg = null;
parentPort.postMessage({ ready: true });
parentPort.on('message', async ({ id, doc, qrText, as }) => {
  try {
    const svg = await QRCode.toString(qrText, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    const json = JSON.stringify(doc);
    loadFonts(json);
    const withQr = JSON.parse(json.replace(JSON.stringify(workerData.placeholder), () => JSON.stringify(svg)));
    let buffer = await pdfmake.createPdf(withQr).getBuffer();
    if (as === 'png') {
      pdfToImg ??= await import(workerData.pdfToImg);
      const pages = await pdfToImg.pdf(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice(), { scale: workerData.previewScale });
      buffer = await pages.getPage(1);
    }
    const out = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice();
    parentPort.postMessage({ id, pdf: out }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/** 'high': a request waits for it; 'background': rendered ahead of any request (certificate-cache.ts). */
export type RenderPriority = 'high' | 'background';

interface Job {
  readonly id: number;
  readonly priority: RenderPriority;
  readonly doc: Record<string, unknown>;
  readonly qrText: string;
  readonly as: 'pdf' | 'png';
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  busy: Job | null;
  /** Whether the worker has loaded the renderer. */
  loaded: boolean;
  /** Resolves once it has (or has died trying). */
  readonly ready: Promise<void>;
}

export class CertificatePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  /** Two workers, or one on a two-core machine so the event loop keeps a core. */
  constructor(private readonly size = availableParallelism() > 2 ? 2 : 1) {}

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pdfmake: require.resolve('pdfmake'),
        layoutBuilder: require.resolve('pdfmake/js/LayoutBuilder'),
        fontkit: FONTKIT,
        fallbackFonts: FALLBACK_FILES,
        qrcode: require.resolve('qrcode'),
        pdfToImg: PDF_TO_IMG_URL,
        previewScale: PREVIEW_SCALE,
        placeholder: QR_PLACEHOLDER,
      },
    });
    worker.unref();
    let settle!: () => void;
    const slot: Slot = { worker, busy: null, loaded: false, ready: new Promise<void>((resolve) => (settle = resolve)) };
    worker.on('message', (message: { ready?: true; id: number; pdf?: Uint8Array; error?: string }) => {
      if (message.ready) {
        slot.loaded = true;
        settle();
        return;
      }
      const job = slot.busy;
      slot.busy = null;
      if (job && job.id === message.id) {
        if (message.pdf) job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
        else job.reject(new Error(`Certificate rendering failed: ${message.error}`));
      }
      this.pump();
    });
    worker.on('error', (error) => {
      settle();
      slot.busy?.reject(error);
      slot.busy = null;
      this.slots.splice(this.slots.indexOf(slot), 1);
      this.pump();
    });
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, doc: job.doc, qrText: job.qrText, as: job.as });
    }
  }

  /**
   * Starts every worker now, each loading the renderer (~0.25 s of CPU), so the first certificate
   * after a start does not wait for that: measured here, a first render took ~300 ms in a new worker
   * and ~65 ms in one started ahead. Resolves once they are ready.
   */
  warm(): Promise<void> {
    while (!this.closed && this.slots.length < this.size) this.spawn();
    return Promise.all(this.slots.map((slot) => slot.ready)).then(() => undefined);
  }

  /** The workers started, and how many of them have loaded the renderer. */
  get workers(): { readonly started: number; readonly ready: number } {
    return { started: this.slots.length, ready: this.slots.filter((slot) => slot.loaded).length };
  }

  /**
   * Renders a document definition whose QR placeholder becomes a QR code of `qrText`. 'high' goes
   * ahead of every queued 'background' job (someone is waiting for it), behind other 'high' ones.
   */
  render(doc: Record<string, unknown>, qrText: string, priority: RenderPriority = 'high'): Promise<Buffer> {
    return this.enqueue(doc, qrText, 'pdf', priority);
  }

  /** The same certificate's first page as a PNG (A4 at 150 dpi: 1240 × 1753). */
  renderPreview(doc: Record<string, unknown>, qrText: string, priority: RenderPriority = 'high'): Promise<Buffer> {
    return this.enqueue(doc, qrText, 'png', priority);
  }

  private enqueue(doc: Record<string, unknown>, qrText: string, as: 'pdf' | 'png', priority: RenderPriority): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The certificate pool is closed'));
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { id: this.nextId++, doc, qrText, as, priority, resolve, reject };
      if (priority === 'high') {
        const firstBackground = this.queue.findIndex((queued) => queued.priority === 'background');
        this.queue.splice(firstBackground === -1 ? this.queue.length : firstBackground, 0, job);
      } else this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The certificate pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}
