import { describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { menusConfig, shownMenu } from '../../src/engine/menus.ts';
import { loggedOutMenu, publicFlags, shownPublicMenu } from '../../src/engine/public-menu.ts';
import { sessionFlags } from '../../src/engine/session-flags.ts';

const contents = [false, true].flatMap((help) =>
  [false, true].map((contact) => ({
    help_page_content: help ? '<p>Help</p>' : null,
    contact_us_page_content: contact ? '<p>Contact</p>' : null,
    login_message: null,
  })),
);

const signedOutFlags = (content: (typeof contents)[number]) =>
  sessionFlags({
    user: UNAUTHENTICATED_USER,
    farm: null,
    unit: null,
    plan: null,
    hasHelpContent: Boolean(content.help_page_content),
    hasContactContent: Boolean(content.contact_us_page_content),
  });

// The login page draws the logged-out bar without the feature table and the rule book.
describe('the logged-out menu, on its own', () => {
  it('is the logged-out menu every other reader sees', () => {
    expect(loggedOutMenu).toEqual(menusConfig.loggedOut);
  });

  it.each(contents)('has exactly the flags of a signed-out session (%o)', (content) => {
    expect([...publicFlags(content)].sort()).toEqual([...signedOutFlags(content)].sort());
  });

  it.each(contents)('shows what the full menus show a signed-out visitor (%o)', (content) => {
    expect(shownPublicMenu(content)).toEqual(
      shownMenu(menusConfig.loggedOut, signedOutFlags(content)),
    );
  });

  it('shows Login, then Help & Support and Contact Us only with that content', () => {
    expect(shownPublicMenu(undefined).map((item) => item.label)).toEqual(['Login']);
    expect(shownPublicMenu(contents[3]).map((item) => item.label)).toEqual([
      'Login',
      'Help & Support',
      'Contact Us',
    ]);
  });
});
