/** SSCC-18 (GS1): extension digit + company prefix + serial reference (prefix+serial = 16 digits) + mod-10 check. */

/** GS1 mod-10: weights 3,1,3,1… from the rightmost digit of the data (the check digit excluded). */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`GS1 check digit needs digits only: ${digits}`);
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeSscc(input: { extension: number; companyPrefix: string; serial: number }): string {
  const { extension, companyPrefix, serial } = input;
  if (!Number.isInteger(extension) || extension < 0 || extension > 9) throw new Error(`SSCC extension digit must be 0-9: ${extension}`);
  // GS1 company prefixes run from 6 to 12 digits; the serial reference fills the rest of the 16.
  if (!/^\d{6,12}$/.test(companyPrefix)) throw new Error(`GS1 company prefix must be 6 to 12 digits: ${companyPrefix}`);
  const serialWidth = 16 - companyPrefix.length;
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= 10 ** serialWidth) {
    throw new Error(`SSCC serial ${serial} does not fit in ${serialWidth} digits`);
  }
  const body = `${extension}${companyPrefix}${String(serial).padStart(serialWidth, '0')}`;
  return body + gs1CheckDigit(body);
}

export function isValidSscc(sscc: string): boolean {
  return /^\d{18}$/.test(sscc) && gs1CheckDigit(sscc.slice(0, 17)) === Number(sscc[17]);
}

/** MAN02 for MAN01 'GM': application identifier '00' followed by the SSCC (20 digits). */
export function man02(sscc: string): string {
  if (!isValidSscc(sscc)) throw new Error(`Not a valid SSCC-18: ${sscc}`);
  return `00${sscc}`;
}

/** The SSCC inside a 20-digit MAN02 ('00' + SSCC-18), or null when it is not one with a valid check digit. */
export function ssccFromMan02(value: string): string | null {
  if (!/^00\d{18}$/.test(value)) return null;
  const sscc = value.slice(2);
  return isValidSscc(sscc) ? sscc : null;
}
