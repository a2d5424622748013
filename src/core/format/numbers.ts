import { appConfig } from '../config.ts';

/**
 * Numbers and money as config/app.json's locale and currency show them (en-GB and GBP: 1,234.5
 * and £1,234.50), whatever the browser's language. Every number the portal shows goes through
 * here, so a brand's config changes them all.
 */

const cache = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for the configured locale, made once for each set of options. */
export function numberFormat(
  options: Intl.NumberFormatOptions = {},
  locale: string = appConfig.locale,
): Intl.NumberFormat {
  const key = `${locale}\n${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A number grouped as the locale groups it, with at most `maxDecimals` places (default 2). */
export function formatNumber(value: number, maxDecimals = 2): string {
  return numberFormat({ maximumFractionDigits: maxDecimals }).format(value);
}

/** An amount of money in the configured currency: £1,234.50. */
export function formatMoney(
  value: number,
  options: Intl.NumberFormatOptions = {},
  currency: string = appConfig.currency,
): string {
  return numberFormat({ style: 'currency', currency, ...options }).format(value);
}

/** An Intl.DateTimeFormat for the configured locale (times and dates the patterns cannot say). */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(appConfig.locale, options);
}

/** An Intl.NumberFormat for money in the configured currency and locale. */
export function moneyFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return numberFormat({ style: 'currency', currency: appConfig.currency, ...options });
}
