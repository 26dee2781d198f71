import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { AdminDashboardPage } from '../features/admin/admin-dashboard-page';
import { AuditLogPage } from '../features/admin/audit-log-page';
import { DeletedUsersPage } from '../features/admin/deleted-users-page';
import { IndexCheckPage } from '../features/admin/index-check-page';
import { NotesPage } from '../features/admin/notes-page';
import { UsersOverviewPage } from '../features/admin/users-overview-page';
import { AdminAnalyticsPage } from '../features/analytics/admin-analytics-page';
import { LoginCompletePage } from '../features/auth/login-complete-page';
import { LoginPage } from '../features/auth/login-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { FeedPage } from '../features/feed/feed-page';
import { FollowersPage } from '../features/follows/followers-page';
import { FollowingPage } from '../features/follows/following-page';
import { ChatFormPage } from '../features/forms/chat-form-page';
import { FormEditorPage } from '../features/forms/form-editor-page';
import { FormResponsesPage } from '../features/forms/form-responses-page';
import { FormsListPage } from '../features/forms/forms-list-page';
import { AdminHandlesPage } from '../features/handles/admin-handles-page';
import { RequestHandlePage } from '../features/handles/request-handle-page';
import { AcceptInvitePage } from '../features/invites/accept-invite-page';
import { AdminInvitePage } from '../features/invites/admin-invite-page';
import { AdminInviteRequestsPage } from '../features/invites/admin-invite-requests-page';
import { AdminInvitesPendingPage } from '../features/invites/admin-invites-pending-page';
import { RequestInvitePage } from '../features/invites/request-invite-page';
import { LandingPage } from '../features/landing/landing-page';
import { UploadPage } from '../features/posts/upload-page';
import { ProfilePage } from '../features/profile/profile-page';
import { ConnectPage } from '../features/sharing/connect-page';
import { TellYourFriendsPage } from '../features/sharing/tell-your-friends-page';
import { AuthProvider } from './auth';
import { AppLayout } from './layout';

/** The route table of spec section 2; any other path goes to /. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/login/complete', element: <LoginCompletePage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/tell-your-friends', element: <TellYourFriendsPage /> },
      { path: '/follow/:handle', element: <ConnectPage /> },
      { path: '/admin/analytics', element: <AdminAnalyticsPage /> },
      { path: '/form/:formId', element: <ChatFormPage /> },
      { path: '/chat-form-creator', element: <FormsListPage /> },
      { path: '/chat-form-creator/new', element: <FormEditorPage /> },
      { path: '/chat-form-creator/:formId', element: <FormEditorPage /> },
      { path: '/chat-form-creator/:formId/responses', element: <FormResponsesPage /> },
      { path: '/admin', element: <AdminDashboardPage /> },
      { path: '/admin/users-overview', element: <UsersOverviewPage /> },
      { path: '/admin/deleted-users', element: <DeletedUsersPage /> },
      { path: '/admin/test-firestore-indexes', element: <IndexCheckPage /> },
      { path: '/admin/audit-log', element: <AuditLogPage /> },
      { path: '/admin/instagram-promotion', element: <NotesPage slug="instagram-promotion" /> },
      { path: '/admin/instagram-post-ideas', element: <NotesPage slug="instagram-post-ideas" /> },
      { path: '/admin/instagram-community-spotlights', element: <NotesPage slug="instagram-community-spotlights" /> },
      { path: '/admin/digital-sticker-service', element: <NotesPage slug="digital-sticker-service" /> },
      { path: '/admin/tier-system-overview', element: <NotesPage slug="tier-system-overview" /> },
      { path: '/admin/monetization-roadmap', element: <NotesPage slug="monetization-roadmap" /> },
      { path: '/admin/freshlist-farm-summary', element: <NotesPage slug="freshlist-farm-summary" /> },
      { path: '/request-handle', element: <RequestHandlePage /> },
      { path: '/request-invite', element: <RequestInvitePage /> },
      { path: '/invite', element: <AcceptInvitePage /> },
      { path: '/invite/:handle', element: <AcceptInvitePage /> },
      { path: '/admin/handles', element: <AdminHandlesPage /> },
      { path: '/admin/invite', element: <AdminInvitePage /> },
      { path: '/admin/invite-requests', element: <AdminInviteRequestsPage /> },
      { path: '/admin/invites-pending', element: <AdminInvitesPendingPage /> },
      { path: '/upload', element: <UploadPage /> },
      { path: '/feed', element: <FeedPage /> },
      { path: '/followers', element: <FollowersPage /> },
      { path: '/following', element: <FollowingPage /> },
      // A public profile (fixed routes rank first); an unknown handle goes to /.
      { path: '/:handle', element: <ProfilePage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
