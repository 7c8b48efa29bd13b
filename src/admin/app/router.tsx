import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { AppLoading } from '../components/layout/AppLoading.tsx';
import { DashboardLayout } from '../components/layout/DashboardLayout.tsx';
import { NotFound } from '../components/errors/NotFound.tsx';
import { RouteError } from '../components/errors/RouteError.tsx';

/**
 * Routes compose features (docs/style.md 5); every screen is its own chunk, fetched when its route is
 * first visited, so the first dashboard load carries only the shell. The router's `lazy` is used
 * rather than React.lazy: it loads the chunk before the navigation commits (no blank flash), retries
 * a failed import on the next visit and sends an import failure to the route's error element.
 */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * The editor with its Stays tab: the editor may not import the stays feature (docs/style.md 15), so the
 * route composes them, loading both chunks before the editor opens.
 */
const editorRoute: Pick<RouteObject, 'lazy'> = {
  lazy: async () => {
    const [{ EditorScreen }, { StaysView }] = await Promise.all([
      import('../features/editor/components/EditorScreen.tsx'),
      import('../features/stays/components/StaysView.tsx'),
    ]);
    return { Component: () => <EditorScreen renderStays={(content) => <StaysView {...content} titled />} /> };
  },
};

const checkoutRoutes: RouteObject[] = [
  { path: 'checkout', ...screen(() => import('../features/billing/components/CheckoutScreen.tsx').then((m) => m.CheckoutScreen)) },
  {
    path: 'checkout/return',
    ...screen(() => import('../features/billing/components/CheckoutReturnScreen.tsx').then((m) => m.CheckoutReturnScreen)),
  },
];

/** docs/product.md §2 route table: /dashboard and /plan (both protected by the middleware and by lib/auth). */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    element: <Outlet />,
    children: [
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        children: [
          {
            // Inside the layout, so that a crashing screen keeps the sidebar and top bar.
            errorElement: <RouteError />,
            children: [
              { index: true, ...screen(() => import('../features/instructions/components/InstructionsScreen.tsx').then((m) => m.InstructionsScreen)) },
              { path: 'trash', ...screen(() => import('../features/instructions/components/TrashScreen.tsx').then((m) => m.TrashScreen)) },
              { path: 'settings', ...screen(() => import('../features/settings/components/SettingsScreen.tsx').then((m) => m.SettingsScreen)) },
              { path: 'profile', ...screen(() => import('../features/profile/components/ProfileScreen.tsx').then((m) => m.ProfileScreen)) },
              { path: 'edit/:id', ...editorRoute },
              { path: 'stays/:id', ...screen(() => import('../features/stays/components/StaysScreen.tsx').then((m) => m.StaysScreen)) },
              { path: 'insights/:id', ...screen(() => import('../features/insights/components/InsightsScreen.tsx').then((m) => m.InsightsScreen)) },
              { path: 'feedback', ...screen(() => import('../features/feedback/components/FeedbackScreen.tsx').then((m) => m.FeedbackScreen)) },
              { path: 'support', ...screen(() => import('../features/support/components/SupportScreen.tsx').then((m) => m.SupportScreen)) },
              { path: 'affiliates', ...screen(() => import('../features/affiliates/components/AffiliatesScreen.tsx').then((m) => m.AffiliatesScreen)) },
              {
                path: 'currentSubscription',
                ...screen(() => import('../features/billing/components/CurrentSubscriptionScreen.tsx').then((m) => m.CurrentSubscriptionScreen)),
              },
              { path: 'orders', ...screen(() => import('../features/orders/components/OrdersScreen.tsx').then((m) => m.OrdersScreen)) },
              { path: 'activity', ...screen(() => import('../features/activity/components/ActivityScreen.tsx').then((m) => m.ActivityScreen)) },
              { path: 'payouts', ...screen(() => import('../features/payouts/components/PayoutsScreen.tsx').then((m) => m.PayoutsScreen)) },
              { path: 'arrivals', ...screen(() => import('../features/arrivals/components/ArrivalsScreen.tsx').then((m) => m.ArrivalsScreen)) },
              { path: 'locks', ...screen(() => import('../features/locks/components/LocksScreen.tsx').then((m) => m.LocksScreen)) },
              { path: 'integrations', ...screen(() => import('../features/integrations/components/IntegrationsScreen.tsx').then((m) => m.IntegrationsScreen)) },
              { path: 'team', ...screen(() => import('../features/team/components/TeamScreen.tsx').then((m) => m.TeamScreen)) },
              { path: 'upgradePlan', ...screen(() => import('../features/billing/components/UpgradePlanScreen.tsx').then((m) => m.UpgradePlanScreen)) },
              ...checkoutRoutes,
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      {
        path: 'plan',
        element: <DashboardLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              // /plan alone has nothing to show: the plans are on the pricing view.
              { index: true, element: <Navigate to="/dashboard/upgradePlan" replace /> },
              ...checkoutRoutes,
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(routes);
}
