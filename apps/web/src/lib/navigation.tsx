import {
  createContext,
  useContext,
  useEffect,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type Ref,
} from 'react';

/**
 * Navigation as the public order pages and the components they share with the rest of the app see it. The order
 * pages run on a router of their own that carries no react-router code (their first load stays small, decision
 * 018); the rest of the app provides the same from react-router (`app/router-navigation.tsx`). Code that both
 * use imports navigation from here, never from react-router.
 */
export type AppLocation = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean };
export type AppNavigation = {
  location: AppLocation;
  navigate: (to: string, options?: NavigateOptions) => void;
};

const NavigationContext = createContext<AppNavigation | null>(null);
export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): AppNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('Navigation is used outside a NavigationProvider');
  return navigation;
}

export function useAppLocation(): AppLocation {
  return useNavigation().location;
}

export function useAppNavigate(): AppNavigation['navigate'] {
  return useNavigation().navigate;
}

export function useAppSearchParams(): URLSearchParams {
  return new URLSearchParams(useNavigation().location.search);
}

/** Path parameters of the matched order page (`/order/:orderId/success`). */
const RouteParamsContext = createContext<Readonly<Record<string, string>>>({});
export const RouteParamsProvider = RouteParamsContext.Provider;

export function useAppParams(): Readonly<Record<string, string>> {
  return useContext(RouteParamsContext);
}

/** A click the page should handle itself: plain left click, no modifier, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link inside the app: a real `<a href>` (new tab, copy link) that navigates in place on a plain click. */
export function AppLink({ to, replace, onClick, ref, ...rest }: AppLinkProps) {
  const { navigate } = useNavigation();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** Navigates as soon as it is drawn (a page that needs an earlier step first). */
export function AppNavigate({ to, replace }: { to: string; replace?: boolean }) {
  const { navigate } = useNavigation();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
