import { describe, expect, it } from 'vitest';
import {
  hasInvisibleCharacters,
  isValidEmail,
  isValidTimeOfDay,
  withoutInvisibleCharacters,
} from './index.ts';

describe('isValidEmail (spec 5, "E-mail")', () => {
  it.each([
    'sam.taylor@example.com',
    'a@b.co',
    "o'brien+tax@ledgerleaf.example",
    'first.last@sub.domain.example.org',
    'user@[192.168.0.1]',
    'user@[255.255.255.255]',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no @', 'sam.example.com'],
    ['nothing before @', '@example.com'],
    ['nothing after @', 'sam@'],
    ['no top-level domain', 'sam@localhost'],
    ['a one-letter top-level domain', 'sam@example.c'],
    ['a numeric top-level domain', 'sam@example.123'],
    ['an unbracketed IP address', 'sam@192.168.0.1'],
    ['an IPv4 octet over 255', 'sam@[192.168.0.256]'],
    ['a bracketed name', 'sam@[example.com]'],
    ['two @', 'sam@team@example.com'],
    ['a space', 'sam taylor@example.com'],
    ['a leading dot', '.sam@example.com'],
    ['two dots', 'sam..taylor@example.com'],
    ['an empty label', 'sam@example..com'],
    ['a label starting with a hyphen', 'sam@-example.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['an empty string', ''],
  ])('refuses %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidTimeOfDay (spec 5, "Times")', () => {
  it.each(['00:00:00', '23:59:59', '12:30', '09:05:07', '00:00'])('accepts %s', (time) => {
    expect(isValidTimeOfDay(time)).toBe(true);
  });

  it.each(['24:00:00', '23:60:00', '23:59:60', '7:30', '12:3', '12:30:5', '', 'noon', '-01:00'])(
    'refuses %s',
    (time) => {
      expect(isValidTimeOfDay(time)).toBe(false);
    },
  );
});

describe('withoutInvisibleCharacters: titles and names', () => {
  it.each([
    ['a zero-width space', 'Pay\u200Broll', 'Payroll'],
    ['a word joiner', 'Pay\u2060roll', 'Payroll'],
    ['a byte-order mark', '\uFEFFPayroll', 'Payroll'],
    ['a right-to-left override', 'invoice \u202Egpj.exe', 'invoice gpj.exe'],
    ['bidi isolates', '\u2066Payroll\u2069 totals', 'Payroll totals'],
    ['left-to-right and right-to-left marks', 'GST\u200E\u200F', 'GST'],
    ['an Arabic letter mark', 'a\u061Cb', 'ab'],
    ['a leading joiner', '\u200DPayroll', 'Payroll'],
    ['a trailing non-joiner', 'Payroll\u200C', 'Payroll'],
    ['a joiner beside a space', 'Pay \u200Droll', 'Pay roll'],
    ['a joiner alone', '\u200D', ''],
  ])('strips %s', (_label, text, expected) => {
    expect(withoutInvisibleCharacters(text)).toBe(expected);
    expect(hasInvisibleCharacters(text)).toBe(true);
  });

  it.each([
    ['plain text', 'Payroll summary total'],
    ['a Persian word with a non-joiner', 'می\u200Cخواهم'],
    ['an emoji sequence with joiners', 'Team \u{1F469}\u200D\u{1F4BB} update'],
    ['accents and other scripts', 'Café 日本 Ελλάδα'],
  ])('keeps %s', (_label, text) => {
    expect(withoutInvisibleCharacters(text)).toBe(text);
    expect(hasInvisibleCharacters(text)).toBe(false);
  });
});
