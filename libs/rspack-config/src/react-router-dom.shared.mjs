// What the portal uses of React Router, shared as the one 'react-router-dom' of the page.
// A shared module is bundled whole; sharing this short list instead of the package keeps the
// router's data APIs, server rendering and RSC parts (about 110 KB) out of every page, while
// the router's contexts still exist once. A new import from 'react-router-dom' goes here first
// (the build fails on an export missing from this list).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
