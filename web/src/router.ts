import { createRouter, createWebHistory, type RouteLocationNormalized } from 'vue-router'
import { auth, restore } from './lib/auth'
// The chat page is in the entry chunk: it is what a signed-in person sees first, and a
// separate chunk (with the twenty Element Plus chunks under it) cost a round trip.
import ChatPage from './pages/ChatPage.vue'

/** Where an editor lands in the admin pages (the first of theirs in the menu). */
export const EDITOR_HOME = '/admin/semantic'

export const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', redirect: '/chat' },
    { path: '/signin', component: () => import('./pages/SignIn.vue'), meta: { public: true } },
    { path: '/chat/:threadId?', component: ChatPage },
    { path: '/embed/:agent', component: () => import('./pages/EmbedPage.vue'), meta: { public: true } },
    {
      path: '/admin',
      component: () => import('./pages/admin/AdminLayout.vue'),
      meta: { admin: true },
      children: [
        // In the menu's order (AdminLayout lists these). meta.editor: editors may use the page
        // too — the server lets them change an agent's semantic model, relations, terms,
        // examples and knowledge (api_server.cc ManagementAccess); 'read': they may read it
        // (the agents and datasources those hang on), the page offers them no change; the rest
        // is the admin's.
        { path: '', redirect: '/admin/agents' },
        { path: 'agents', component: () => import('./pages/admin/AgentsPage.vue'), meta: { editor: 'read' } },
        { path: 'datasources', component: () => import('./pages/admin/DatasourcesPage.vue'), meta: { editor: 'read' } },
        { path: 'semantic', component: () => import('./pages/admin/SemanticModelPage.vue'), meta: { editor: true } },
        { path: 'relations', component: () => import('./pages/admin/RelationsPage.vue'), meta: { editor: true } },
        { path: 'terms', component: () => import('./pages/admin/TermsPage.vue'), meta: { editor: true } },
        { path: 'examples', component: () => import('./pages/admin/ExamplesPage.vue'), meta: { editor: true } },
        { path: 'models', component: () => import('./pages/admin/ModelsPage.vue') },
        { path: 'runs', component: () => import('./pages/admin/RunsPage.vue') },
        { path: 'knowledge', component: () => import('./pages/admin/KnowledgePage.vue'), meta: { editor: true } },
        { path: 'users', component: () => import('./pages/admin/UsersPage.vue') },
        { path: 'permissions', component: () => import('./pages/admin/PermissionsPage.vue') },
      ],
    },
    { path: '/:rest(.*)*', redirect: '/chat' },
  ],
})

// Loads a route's page chunks; called while the key is being checked so that the two
// round trips overlap instead of following each other (the first screen comes sooner).
function preload(to: RouteLocationNormalized) {
  for (const record of to.matched) {
    const component = record.components?.default
    if (typeof component === 'function') void (component as () => Promise<unknown>)().catch(() => {})
  }
}

router.beforeEach(async (to) => {
  if (to.meta.public) return true
  preload(to)
  let ok = false
  try {
    ok = await restore()
  } catch {
    ok = false
  }
  if (!ok) return { path: '/signin', query: to.fullPath !== '/chat' ? { next: to.fullPath } : {} }
  if (auth.me?.admin || !to.matched.some((r) => r.meta.admin)) return true
  // An editor on an admin-only page (or /admin itself) goes to the editors' first page.
  if (auth.me?.editor) return to.matched.some((r) => r.meta.editor) ? true : EDITOR_HOME
  return '/chat'
})
