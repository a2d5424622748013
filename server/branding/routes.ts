import type { FastifyInstance } from 'fastify';
import type { BrandingContent } from '../../shared/api.ts';
import type { Db } from '../db/index.ts';
import { ok } from '../http/respond.ts';

const NO_CONTENT: BrandingContent = {
  contact_us_page_content: null,
  help_page_content: null,
  login_message: null,
};

/**
 * A brand's own page content, by theme name (the provider's reference). The default and demo
 * brands, and names no provider has, have none: the portal then shows its default pages.
 * Public, because the login page shows the login message before anyone is logged in.
 */
export function registerBrandingRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { name: string } }>('/branding/:name', async (request, reply) => {
    const { rows } = await db.query<BrandingContent>(
      `select contact_us_page_content, help_page_content, login_message from providers where reference = $1`,
      [request.params.name.toLowerCase()],
    );
    // Shared caches may keep it briefly; every visitor of a brand sees the same content.
    reply.header('Cache-Control', 'public, max-age=300');
    return ok(rows[0] ?? NO_CONTENT);
  });
}
