/*
 * Spec 5, "E-mail": local-part@domain, where the domain is a bracketed IPv4 address or labels
 * ending in a top-level domain of two or more letters. The user message is not shown, so this
 * only answers yes or no.
 */

/** Letters, digits and the specials RFC 5322 allows unquoted, dot-separated, no empty atoms. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,}$/;
const BRACKETED_IPV4 = /^\[(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\]$/;

function isBracketedIpv4(domain: string): boolean {
  const octets = BRACKETED_IPV4.exec(domain)?.slice(1);
  return octets !== undefined && octets.every((octet) => Number(octet) <= 255);
}

function isDomainName(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  return TOP_LEVEL.test(topLevel) && labels.every((label) => LABEL.test(label));
}

export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.length > 254) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  return isBracketedIpv4(domain) || isDomainName(domain);
}
