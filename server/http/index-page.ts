import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root.ts';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import appConfig from '../../config/app.json' with { type: 'json' };
import { PORTAL_ROUTES } from '../../shared/access/portal-routes.ts';
import { isRedirect } from '../../shared/access/routes.ts';
import { brandFromHost, knownBrand } from '../../shared/branding/resolve-brand.ts';
import { compressedForms } from './encodings.ts';
import { escapeHtml } from './escape-html.ts';

/** Where the build lists each theme's chunk (scripts/vite/themes.ts, THEME_CHUNKS_FILE). */
const THEME_CHUNKS = '.vite/theme-chunks.json';
/**
 * Where it lists what a signed-in page loads before its screen's own code: the signed-in shell
 * and the signed-in screens' pages (scripts/vite/later-chunks.ts, SIGNED_IN_CHUNKS_FILE).
 */
const SIGNED_IN_CHUNKS = '.vite/signed-in-chunks.json';
/** Where it lists each signed-in screen's own chunks, by screen (scripts/vite/later-chunks.ts). */
const SCREEN_CHUNKS = '.vite/screen-chunks.json';

/** A route path as the router matches it: case-insensitive, ":name" one segment, "/" optional. */
const routePattern = (routePath: string): RegExp =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
    'i',
  );

/** The protected routes of config/routes.json, in its order: only a signed-in visitor sees their page. */
const PROTECTED_ROUTES: readonly { pattern: RegExp; screen: string }[] = PORTAL_ROUTES.flatMap(
  (route) =>
    !isRedirect(route) && route.access === 'protected'
      ? [{ pattern: routePattern(route.path), screen: route.screen }]
      : [],
);

/**
 * The screen of the protected route the path is, as the router would pick it, or null for a
 * path anyone may open: its page is preloaded for a signed-in visitor.
 */
export const protectedScreenOf = (pathname: string): string | null =>
  PROTECTED_ROUTES.find((route) => route.pattern.test(pathname))?.screen ?? null;

const readList = <T>(file: string, fallback: T): T =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
const THEMES_DIR = projectPath('themes');

/** A prefetch hint of the build's index.html (scripts/vite/later-chunks.ts), with its line. */
const PREFETCH_LINK = /^[ \t]*<link rel="prefetch"[^>]*>\n?/gm;

/** The static shell's header text in index.html, which the brand's logo takes the place of. */
export const SHELL_NAME = '<span class="boot-shell-name">FarmData Portal</span>';
/** A logo larger than this stays out of the page: the app draws it a moment later anyway. */
const MAX_INLINE_LOGO_BYTES = 8 * 1024;

/** The brand's logo as the shell's header shows it, or null to keep the product's name. */
function shellLogo(brand: string): string | null {
  try {
    const folder = path.join(THEMES_DIR, brand);
    const theme = JSON.parse(readFileSync(path.join(folder, 'theme.json'), 'utf8')) as {
      logo: { file: string; alt: string };
    };
    const file = path.join(folder, theme.logo.file);
    const bytes = readFileSync(file);
    if (bytes.length > MAX_INLINE_LOGO_BYTES) return null;
    const type = file.endsWith('.svg')
      ? 'image/svg+xml'
      : file.endsWith('.png')
        ? 'image/png'
        : null;
    if (type === null) return null;
    return `<img class="boot-shell-logo" src="data:${type};base64,${bytes.toString('base64')}" alt="${escapeHtml(theme.logo.alt)}">`;
  } catch {
    return null;
  }
}

interface Encoded {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The portal's index.html for a host: the build's, with a modulepreload of the theme that host
 * wears (the brand its name asks for), so the browser fetches the theme beside the app instead of
 * after it has run, and the brand's logo in the static shell's header, so the first paint already
 * shows what the app's header will. The page of a protected path also preloads what a signed-in
 * page loads before its screen (the signed-in shell, the signed-in screens' pages) and its
 * screen's own code, which the login page's does without. One copy per brand and screen, made on
 * first use, kept with its brotli and gzip forms. A build without the lists gets the page as
 * built.
 */
export class IndexPages {
  private readonly template: string;
  private readonly themeChunks: Readonly<Record<string, string>>;
  private readonly themeNames: ReadonlySet<string>;
  private readonly signedInChunks: readonly string[];
  private readonly screenChunks: Readonly<Record<string, readonly string[]>>;
  private readonly pages = new Map<string, Encoded>();

  constructor(root: string) {
    this.template = readFileSync(path.join(root, 'index.html'), 'utf8');
    this.themeChunks = readList<Record<string, string>>(path.join(root, THEME_CHUNKS), {});
    this.themeNames = new Set(Object.keys(this.themeChunks));
    this.signedInChunks = readList<string[]>(path.join(root, SIGNED_IN_CHUNKS), []);
    this.screenChunks = readList<Record<string, string[]>>(path.join(root, SCREEN_CHUNKS), {});
  }

  /** The brand the request's host asks for, as the portal works it out. */
  brandOf(request: FastifyRequest): string {
    return knownBrand(brandFromHost(request.hostname, appConfig.productLabel), this.themeNames);
  }

  /** The page for the brand, preloading what a signed-in screen needs (null: a public path). */
  private page(brand: string, screen: string | null): Encoded {
    const key = screen === null ? brand : `${brand} ${screen}`;
    const known = this.pages.get(key);
    if (known) return known;
    const chunk = this.themeChunks[brand];
    let text = this.template;
    const preloads =
      screen === null ? [] : [...this.signedInChunks, ...(this.screenChunks[screen] ?? [])];
    if (preloads.length > 0) {
      // The build's prefetches ready a login on the login page; a signed-in page loads the same
      // files now, and the rest (the dialogs, the toasts) once it is idle, not sooner.
      text = text.replace(PREFETCH_LINK, '');
      const links = preloads.map((href) =>
        href.endsWith('.css')
          ? `  <link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`
          : `  <link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
      );
      text = text.replace('</head>', `${links.join('\n')}\n  </head>`);
    }
    if (chunk) {
      text = text.replace(
        '</head>',
        `  <link rel="modulepreload" crossorigin href="${chunk}">\n  </head>`,
      );
      const logo = shellLogo(brand);
      if (logo) text = text.replace(SHELL_NAME, logo);
    }
    const html = Buffer.from(text);
    const encoded: Encoded = { html, ...compressedForms(html) };
    this.pages.set(key, encoded);
    return encoded;
  }

  /** Sends the page for the request's host and path in the encoding it accepts best. */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): FastifyReply {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = this.page(this.brandOf(request), protectedScreenOf(pathname));
    const accepted = request.headers['accept-encoding'];
    const encoding =
      typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip', 'identity']) : null;
    reply
      .header('Cache-Control', cacheControl)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.br);
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  }
}
