import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney, type Currency, type OrderTotals } from '~core/subscriptions';

/*
 * The practice's invoice for an order, one A4 page per 30 clients, in the standard Helvetica
 * font (no font file to ship). Helvetica's WinAnsi encoding cannot write every character a
 * client's name may hold, so anything outside it is written as '?' rather than failing the order.
 */

export interface InvoiceFacts {
  number: string;
  placedOn: string;
  practiceName: string;
  currency: Currency;
  totals: OrderTotals;
  lines: readonly { client: string; plan: string; startDate: string }[];
}

const LINES_PER_PAGE = 30;
const A4: [number, number] = [595.28, 841.89];

function printable(text: string): string {
  return text.replace(/[^\u0020-\u007E\u00A0-\u00FF€]/g, '?');
}

function writer(page: PDFPage, font: PDFFont, bold: PDFFont) {
  return (
    text: string,
    x: number,
    y: number,
    options: { bold?: boolean; right?: boolean } = {},
  ) => {
    const face = options.bold ? bold : font;
    const safe = printable(text);
    const width = options.right ? face.widthOfTextAtSize(safe, 10) : 0;
    page.drawText(safe, { x: x - width, y, size: 10, font: face, color: rgb(0.1, 0.1, 0.1) });
  };
}

export async function invoicePdf(facts: InvoiceFacts): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Invoice ${facts.number}`);
  document.setCreationDate(new Date(`${facts.placedOn}T00:00:00Z`));
  document.setModificationDate(new Date(`${facts.placedOn}T00:00:00Z`));
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const money = (minor: number) => formatMoney(minor, facts.currency);
  const { totals } = facts;

  const pages = Math.max(1, Math.ceil(facts.lines.length / LINES_PER_PAGE));
  for (let pageIndex = 0; pageIndex < pages; pageIndex += 1) {
    const page = document.addPage(A4);
    const write = writer(page, font, bold);
    let y = 790;
    write(`Invoice ${facts.number}`, 50, y, { bold: true });
    write(`Page ${pageIndex + 1} of ${pages}`, 545, y, { right: true });
    y -= 18;
    write(`Billed to ${facts.practiceName} (wholesale billing)`, 50, y);
    y -= 14;
    write(`Date ${facts.placedOn}`, 50, y);
    y -= 28;
    write('Client', 50, y, { bold: true });
    write('Plan', 280, y, { bold: true });
    write('Starts', 370, y, { bold: true });
    write('Monthly, net', 545, y, { bold: true, right: true });
    y -= 16;
    const first = pageIndex * LINES_PER_PAGE;
    facts.lines.slice(first, first + LINES_PER_PAGE).forEach((line, offset) => {
      const priced = totals.lines[first + offset];
      write(line.client.slice(0, 40), 50, y);
      write(line.plan, 280, y);
      write(line.startDate, 370, y);
      write(money(priced?.netMinor ?? 0), 545, y, { right: true });
      y -= 14;
    });
    if (pageIndex === pages - 1) {
      y -= 14;
      const rows: [string, number][] = [
        ['Subtotal', totals.subtotalMinor],
        [`Partner discount (${totals.discountBasisPoints / 100}%)`, -totals.discountMinor],
        ['Net', totals.netMinor],
        [totals.taxLabel, totals.taxMinor],
        ['Total', totals.totalMinor],
      ];
      for (const [label, amount] of rows) {
        write(label, 370, y, { bold: label === 'Total' });
        write(money(amount), 545, y, { bold: label === 'Total', right: true });
        y -= 14;
      }
      y -= 10;
      write(totals.taxNote, 50, y);
      y -= 14;
      write('Paid by the practice on its account terms; no card is charged.', 50, y);
    }
  }
  return document.save();
}
