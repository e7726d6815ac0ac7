import { describe, expect, it } from 'vitest'
import { connectionProblem, explainConnectionError } from './connectionError'

// The servers' own words, as askdb serve returned them (session 25, PostgreSQL 16 and
// MariaDB from /tmp/askdb_env, SQLite).
const MESSAGES: Array<[string, string]> = [
  ['refused', 'cannot connect to postgres://askdb_reader:***@127.0.0.1:25999/chinook (connection to server at "127.0.0.1", port 25999 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?); check that the server runs and the host and port are right'],
  ['refused', "cannot connect to mysql://askdb_reader:***@127.0.0.1:26999/chinook (Can't connect to server on '127.0.0.1' (115) (error 2002)); check that the server runs and the host and port are right"],
  ['auth', 'authentication failed connecting to postgres://askdb_reader:***@127.0.0.1:25432/chinook (connection to server at "127.0.0.1", port 25432 failed: FATAL:  password authentication failed for user "askdb_reader"); check the user and password'],
  ['auth', "access denied connecting to mysql://askdb_reader:***@127.0.0.1:26432/chinook (Access denied for user 'askdb_reader'@'127.0.0.1' (using password: YES) (error 1045)); check the user and password"],
  ['database', 'the database \'nosuch\' does not exist on postgres://askdb_reader:***@127.0.0.1:25432/nosuch (connection to server at "127.0.0.1", port 25432 failed: FATAL:  database "nosuch" does not exist); check the database name in the URL'],
  ['database', "the user may not use the database on mysql://askdb_reader:***@127.0.0.1:26432/nosuch (Access denied for user 'askdb_reader'@'127.0.0.1' to database 'nosuch' (error 1044)); ask for SELECT rights on it"],
  ['tls', 'the TLS certificate of postgres://askdb_reader:***@127.0.0.1:25432/chinook?sslmode=verify-full was not accepted (connection to server at "127.0.0.1", port 25432 failed: root certificate file "/root/.postgresql/root.crt" does not exist'],
  ['file', 'database file not found: /nonexistent/x.sqlite; check the path'],
  ['host', 'cannot connect to postgres://u:***@nosuchhost.invalid:5432/db (could not translate host name "nosuchhost.invalid" to address: Name or service not known); check that the server runs'],
  ['host', "cannot connect to mysql://u:***@nosuchhost.invalid/db (Unknown server host 'nosuchhost.invalid' (-2) (error 2005)); check that the server runs"],
  ['url', "unknown MySQL URL parameter 'ssl-mode' in mysql://askdb_reader:***@127.0.0.1:26432/chinook?ssl-mode=VERIFY_IDENTITY; known parameters: password_file, pool_size, ssl"],
  ['privileged', "refused to use postgres://askdb_admin:***@127.0.0.1:25432/chinook: askdb is connected as 'askdb_admin', a privileged role — superuser (rolsuper). To accept the risk anyway, add ?allow_privileged_role=true to the URL"],
]

describe('connectionProblem', () => {
  it.each(MESSAGES)('reads %s from the server message', (kind, message) => {
    expect(connectionProblem(message)).toBe(kind)
  })

  it('leaves other failures alone', () => {
    expect(connectionProblem('name: required')).toBeUndefined()
    expect(connectionProblem('the agent "sales" does not exist')).toBeUndefined()
  })

  // A model server's failure shares words with a database's but is no datasource failure.
  it.each([
    'asking the model (llm_sql): cannot connect to http://127.0.0.1:9/v1 (Connection refused)',
    'asking the model (llm_sql): the request to https://api.example.com/v1/chat/completions timed out after 60 s',
  ])('leaves a model failure alone: %s', (message) => {
    expect(connectionProblem(message)).toBeUndefined()
    const t = (key: string) => key
    expect(explainConnectionError(message, t)).toEqual({ title: message, detail: '' })
  })
})

describe('explainConnectionError', () => {
  const zh: Record<string, string> = { 'connection.auth': '用户名或密码不对' }
  const t = (key: string) => zh[key] ?? key

  it('heads a known failure in the page language and keeps the server detail below', () => {
    const [, message] = MESSAGES[3]
    expect(explainConnectionError(message, t)).toEqual({ title: '用户名或密码不对', detail: message })
  })

  it('shows any other message as it is', () => {
    expect(explainConnectionError('name: required', t)).toEqual({ title: 'name: required', detail: '' })
  })
})
