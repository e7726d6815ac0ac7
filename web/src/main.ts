// First: starts the key check before anything else runs (see lib/earlyMe.ts).
import './lib/earlyMe'
import 'element-plus/theme-chalk/base.css'
import './style.css'

// Start-up in two module evaluations, each a task of its own, the browser given the main
// thread between them: Vue, vue-i18n and the messages (./bootCore), then the router, the
// app and the chat page (./boot). Evaluated at once they were one 120-200 ms task under load.
void import('./bootCore')
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import('./boot'))
  .then(({ start }) => start())
