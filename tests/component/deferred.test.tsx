import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

// Idle only when the test says so.
let becomeIdle: () => void = () => undefined;
vi.mock('../../src/core/idle.ts', () => ({
  whenIdle: () =>
    new Promise<void>((resolve) => {
      becomeIdle = resolve;
    }),
}));

const { deferred } = await import('../../src/ui/deferred.tsx');

function Toasts({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('a part of the page the first paint does without', () => {
  it('loads and shows as soon as it is needed', async () => {
    const load = vi.fn(() => Promise.resolve(Toasts));
    const Deferred = deferred(load);
    const { rerender } = render(<Deferred text="Saved" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    rerender(<Deferred text="Saved" needed />);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('loads and shows once the browser is idle, needed or not', async () => {
    const Deferred = deferred(() => Promise.resolve(Toasts));
    render(<Deferred text="Printed from" />);
    expect(screen.queryByText('Printed from')).not.toBeInTheDocument();
    becomeIdle();
    expect(await screen.findByText('Printed from')).toBeInTheDocument();
  });

  it('shows at once where it has been shown before, and never a fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Toasts));
    const Deferred = deferred(load);
    const first = render(<Deferred text="Once" needed />);
    expect(await screen.findByText('Once')).toBeInTheDocument();
    first.unmount();
    render(<Deferred text="Again" needed />);
    expect(screen.getByText('Again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives code that failed to arrive to the error boundary around it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>Could not load</p> : this.props.children;
      }
    }
    const Deferred = deferred<{ text: string }>(() => Promise.reject(new Error('offline')));
    render(
      <Boundary>
        <Deferred text="Never" needed />
      </Boundary>,
    );
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});
