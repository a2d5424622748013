import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface BoundaryProps {
  children: ReactNode;
  standalone: boolean;
  /** Changes with every navigation: a new address tries its page again. */
  locationKey: string;
}

type BoundaryState =
  | { failed: false }
  /** `at`: the location key the error happened at, known once componentDidCatch has run. */
  | { failed: true; error: unknown; at: string | null };

/** React catches render errors only in a class component. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error, at: null };
  }

  // Remembers where the error happened, so that only a navigation elsewhere clears it.
  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.setState({ failed: true, error, at: this.props.locationKey });
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    return state.failed && state.at !== null && state.at !== props.locationKey
      ? { failed: false }
      : null;
  }

  override render() {
    return this.state.failed ? (
      <RouteErrorPage error={this.state.error} standalone={this.props.standalone} />
    ) : (
      this.props.children
    );
  }
}

/**
 * Around the layout (`standalone`: a failing layout shows the page on its own) and around the
 * screens inside it: a screen that throws, or whose code fails to load, shows RouteErrorPage
 * instead of React's blank page; the next navigation shows its page again.
 */
export function RouteErrorBoundary({
  children,
  standalone = false,
}: {
  children: ReactNode;
  standalone?: boolean;
}) {
  const { key } = useLocation();
  return (
    <Boundary standalone={standalone} locationKey={key}>
      {children}
    </Boundary>
  );
}
