import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { appConfig } from '../../src/core/config.ts';
import CookiePolicyScreen from '../../src/screens/legal/CookiePolicyScreen.tsx';
import PrivacyPolicyScreen from '../../src/screens/legal/PrivacyPolicyScreen.tsx';

const PRIVACY_PATH = '/legal/privacy-policy';
const COOKIE_PATH = '/legal/cookie-policy';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={PRIVACY_PATH} element={<PrivacyPolicyScreen />} />
        <Route path={COOKIE_PATH} element={<CookiePolicyScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The paragraph whose whole text is `text`, even when it spans inline elements. */
function paragraphWithText(text: string) {
  return screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);
}

function expectSideList(current: 'Privacy Policy' | 'Cookie Policy') {
  const nav = screen.getByRole('navigation', { name: 'Legal' });
  const privacy = within(nav).getByRole('link', { name: 'Privacy Policy' });
  const cookie = within(nav).getByRole('link', { name: 'Cookie Policy' });
  expect(privacy).toHaveAttribute('href', PRIVACY_PATH);
  expect(cookie).toHaveAttribute('href', COOKIE_PATH);
  const [active, other] = current === 'Privacy Policy' ? [privacy, cookie] : [cookie, privacy];
  expect(active).toHaveAttribute('aria-current', 'page');
  expect(other).not.toHaveAttribute('aria-current');
}

describe('privacy policy', () => {
  it('has one heading and shows the effective date near the top', () => {
    renderAt(PRIVACY_PATH);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent('Privacy Policy');
    const effective = paragraphWithText('Effective: March 2023');
    expect(effective.querySelector('time')).toHaveAttribute('datetime', '2023-03');
    // The effective date directly follows the heading.
    expect(h1s[0]?.nextElementSibling).toBe(effective);
  });

  it.each([
    'Data we collect',
    'Purposes and lawful bases',
    'Who we disclose data to',
    'Transfers outside the EEA',
    'Security',
    'How long we keep data',
    'Your rights',
  ])('has a section headed "%s"', (name) => {
    renderAt(PRIVACY_PATH);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  });

  it('states a response time of one month for requests', () => {
    renderAt(PRIVACY_PATH);
    expect(
      screen.getByText(/we will respond within one month of receiving your request/i),
    ).toBeInTheDocument();
  });

  it('shows the support contact values from the app configuration', () => {
    renderAt(PRIVACY_PATH);
    const email = screen.getByRole('link', { name: appConfig.support.email });
    expect(email).toHaveAttribute('href', `mailto:${appConfig.support.email}`);
    expect(screen.getByRole('link', { name: appConfig.support.phone })).toBeInTheDocument();
  });

  it('lists lawful bases in a table', () => {
    renderAt(PRIVACY_PATH);
    const table = screen.getByRole('table', {
      name: 'Why we use personal data and the lawful basis for each use',
    });
    expect(within(table).getByRole('columnheader', { name: 'Lawful basis' })).toBeInTheDocument();
  });

  it('has a side list linking to both legal pages, marking the privacy policy current', () => {
    renderAt(PRIVACY_PATH);
    expectSideList('Privacy Policy');
  });

  it('goes to the cookie policy from the side list', async () => {
    const user = userEvent.setup();
    renderAt(PRIVACY_PATH);
    const nav = screen.getByRole('navigation', { name: 'Legal' });
    await user.click(within(nav).getByRole('link', { name: 'Cookie Policy' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument();
    expectSideList('Cookie Policy');
  });
});

describe('cookie policy', () => {
  it('has one heading and shows the effective date near the top', () => {
    renderAt(COOKIE_PATH);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent('Cookie Policy');
    const effective = paragraphWithText('Effective: March 2020');
    expect(effective.querySelector('time')).toHaveAttribute('datetime', '2020-03');
    expect(h1s[0]?.nextElementSibling).toBe(effective);
  });

  it('states that analytics cookies are used', () => {
    renderAt(COOKIE_PATH);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Analytics cookies' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We use analytics cookies.')).toBeInTheDocument();
  });

  it('states that cookies can be blocked in the browser', () => {
    renderAt(COOKIE_PATH);
    expect(
      screen.getByRole('heading', { level: 2, name: 'How to block or delete cookies' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You can block cookies in your browser.')).toBeInTheDocument();
  });

  it('describes the strictly necessary XSRF-TOKEN cookie and the session storage', () => {
    renderAt(COOKIE_PATH);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Strictly necessary cookies' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'The anti-forgery cookie' });
    expect(within(table).getByRole('cell', { name: 'XSRF-TOKEN' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Browser storage for your session' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${appConfig.storageKeyPrefix}auth`)).toBeInTheDocument();
    expect(screen.getByText(/keeps this in session storage/)).toBeInTheDocument();
  });

  it('shows the support e-mail from the app configuration', () => {
    renderAt(COOKIE_PATH);
    expect(screen.getByRole('link', { name: appConfig.support.email })).toHaveAttribute(
      'href',
      `mailto:${appConfig.support.email}`,
    );
  });

  it('has a side list linking to both legal pages, marking the cookie policy current', () => {
    renderAt(COOKIE_PATH);
    expectSideList('Cookie Policy');
  });
});
