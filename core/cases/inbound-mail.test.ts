import { describe, expect, it } from 'vitest';
import {
  caseIdFromThread,
  isAutomatic,
  parseReplyAddress,
  replyAddress,
  trimReply,
} from './inbound-mail.ts';

const CASE = '500AbCdEfGhIjKlMnO';
const SIG = '0123456789abcdef0123';

describe('the case of a reply', () => {
  it('reads the case and signature from the reply address it was sent to', () => {
    const address = replyAddress('cases@reply.example.com', CASE, SIG);
    expect(address).toBe(`cases+${CASE}.${SIG}@reply.example.com`);
    expect(parseReplyAddress(address)).toEqual({ caseId: CASE, signature: SIG });
    expect(parseReplyAddress(` CASES+${CASE}.${SIG.toUpperCase()}@Reply.Example.com `)).toEqual({
      caseId: CASE,
      signature: SIG,
    });
  });
  it('finds nothing in other addresses, short ids or signatures', () => {
    for (const address of [
      'cases@reply.example.com',
      `cases+${CASE}@reply.example.com`,
      `cases+${CASE}.${SIG.slice(1)}@reply.example.com`,
      `cases+${CASE.slice(1)}.${SIG}@reply.example.com`,
      `cases+${CASE}.${SIG}zz@reply.example.com`,
      'not an address',
    ]) {
      expect(parseReplyAddress(address), address).toBeUndefined();
    }
  });
  it('finds the thread root among In-Reply-To and References, on this site only', () => {
    expect(
      caseIdFromThread(
        ['<abc@mail.gmail.com>', `<case-${CASE}@portal.example.com>`],
        'Portal.example.com',
      ),
    ).toBe(CASE);
    expect(caseIdFromThread([`case-${CASE}@portal.example.com`], 'portal.example.com')).toBe(CASE);
    expect(
      caseIdFromThread([`<case-${CASE}@evil.example.com>`], 'portal.example.com'),
    ).toBeUndefined();
    expect(
      caseIdFromThread([`<case-${CASE}x@portal.example.com>`], 'portal.example.com'),
    ).toBeUndefined();
    expect(caseIdFromThread([], 'portal.example.com')).toBeUndefined();
  });
});

describe('machines writing', () => {
  const headers = (entries: Record<string, string>) => new Map(Object.entries(entries));
  it('ignores auto-replies, bulk and list mail, and delivery reports', () => {
    const robots: Record<string, string>[] = [
      { 'auto-submitted': 'auto-replied' },
      { 'auto-submitted': 'auto-generated' },
      { precedence: 'bulk' },
      { precedence: 'junk' },
      { precedence: 'list' },
      { precedence: 'auto_reply' },
      { 'x-autoreply': 'yes' },
      { 'x-autorespond': 'Out of office' },
      { 'x-auto-response-suppress': 'DR, All' },
      { 'return-path': '<>' },
      { 'content-type': 'multipart/report; report-type=delivery-status' },
    ];
    for (const entries of robots) {
      expect(isAutomatic(headers(entries)), JSON.stringify(entries)).toBe(true);
    }
  });
  it('takes a person’s reply', () => {
    expect(
      isAutomatic(
        headers({
          'auto-submitted': 'no',
          'return-path': '<mia@example.com>',
          'content-type': 'multipart/alternative; boundary=x',
          'x-auto-response-suppress': 'OOF',
        }),
      ),
    ).toBe(false);
  });
});

describe('trimming a reply to what its writer typed', () => {
  it('cuts Gmail’s quoted history, also when its header line is wrapped', () => {
    const gmail = [
      'Thanks, the feed works again after reconnecting.',
      '',
      'On Mon, 2 Mar 2026 at 10:15, Jordan Lee <support@portal.example.com> wrote:',
      '',
      '> Hello Mia,',
      '>',
      '> Please reconnect the feed.',
    ].join('\r\n');
    expect(trimReply(gmail)).toBe('Thanks, the feed works again after reconnecting.');
    const wrapped = [
      'It works now.',
      '',
      'On Mon, 2 Mar 2026 at 10:15, Jordan Lee from the Support Team of Example <',
      'support@portal.example.com> wrote:',
      '> Please reconnect the feed.',
    ].join('\n');
    expect(trimReply(wrapped)).toBe('It works now.');
  });
  it('cuts Outlook’s header block and its separators', () => {
    const outlook = [
      'Hi Jordan,',
      '',
      'Attached is the screenshot.',
      '',
      'Kind regards,',
      'Mia',
      '',
      '________________________________',
      'From: Jordan Lee <support@portal.example.com>',
      'Sent: Monday, 2 March 2026 10:15',
      'To: Mia Chen <mia@example.com>',
      'Subject: [Case 00001042] Bank feed stopped',
      '',
      'Hello Mia,',
    ].join('\r\n');
    expect(trimReply(outlook)).toBe(
      'Hi Jordan,\n\nAttached is the screenshot.\n\nKind regards,\nMia',
    );
    const noSeparator = [
      'Yes, that is the account.',
      '',
      'From: Jordan Lee <support@portal.example.com>',
      'Date: Monday, 2 March 2026 at 10:15',
      'To: Mia Chen <mia@example.com>',
      'Subject: Re: [Case 00001042]',
    ].join('\n');
    expect(trimReply(noSeparator)).toBe('Yes, that is the account.');
    const original = ['See below.', '-----Original Message-----', 'From: x', 'old'].join('\n');
    expect(trimReply(original)).toBe('See below.');
  });
  it('cuts Apple Mail’s history and the iPhone sign-off', () => {
    const apple = [
      'Done, thank you!',
      '',
      'Sent from my iPhone',
      '',
      '> On 2 Mar 2026, at 10:15, Jordan Lee <support@portal.example.com> wrote:',
      '> ',
      '> Hello Mia,',
    ].join('\n');
    expect(trimReply(apple)).toBe('Done, thank you!');
    const outlookMobile = ['Will do.', '', 'Get Outlook for iOS'].join('\n');
    expect(trimReply(outlookMobile)).toBe('Will do.');
  });
  it('cuts the signature after the "-- " line', () => {
    const signed = [
      'The invoice is INV-0042.',
      '',
      '-- ',
      'Mia Chen',
      'Chen Bakery Ltd',
      '+64 21 555 0101',
    ].join('\n');
    expect(trimReply(signed)).toBe('The invoice is INV-0042.');
  });
  it('cuts a trailing block of quoted lines without a header', () => {
    expect(trimReply('Sounds good.\n\n> Shall we close the case?\n> Jordan')).toBe('Sounds good.');
  });
  it('keeps quotes the writer answered inline, and other-language histories go too', () => {
    const inline = ['> Which bank is it?', 'Coastal Bank.', '> Since when?', 'Monday.'].join('\n');
    expect(trimReply(inline)).toBe(inline);
    expect(
      trimReply('Danke.\n\nAm 02.03.2026 um 10:15 schrieb Jordan Lee <s@p.example>:\n> Hallo'),
    ).toBe('Danke.');
    expect(
      trimReply(
        'Merci.\n\nLe lun. 2 mars 2026 à 10:15, Jordan Lee <s@p.example> a écrit :\n> Bonjour',
      ),
    ).toBe('Merci.');
  });
  it('keeps a reply with no history as it is, and leaves nothing of a reply with no new text', () => {
    expect(trimReply('  \nJust one line.\n\n')).toBe('Just one line.');
    expect(trimReply('On Mon, 2 Mar 2026, Jordan Lee <s@p.example> wrote:\n> Hello')).toBe('');
  });
  it('does not take a sentence starting with "On" for a history line', () => {
    const text = 'On Monday the feed stopped again.\nIt shows no error.';
    expect(trimReply(text)).toBe(text);
  });
});
