import { lazy, Suspense, type ComponentProps } from 'react';
import type { NavDropdown as RealNavDropdown } from 'react-bootstrap';
import DropdownDivider from 'react-bootstrap/DropdownDivider';
import DropdownItem from 'react-bootstrap/DropdownItem';

const Loaded = lazy(() => import('react-bootstrap/NavDropdown'));

type Props = ComponentProps<typeof RealNavDropdown>;

/**
 * react-bootstrap's NavDropdown, fetched the first time a menu is shown: visitors see no menu, so
 * their first load carries no dropdown positioning (Popper, ~19 kB). Same props and sub-components.
 */
function LazyNavDropdownRoot(props: Props) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

export const NavDropdown = Object.assign(LazyNavDropdownRoot, { Item: DropdownItem, Divider: DropdownDivider });
