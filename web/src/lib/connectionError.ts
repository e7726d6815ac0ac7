// What kind of datasource connection failure a server message describes, so that the page
// can say it in its own language (the server's words, in English, stay below as the detail):
// the connectors' messages (db/postgres, db/mysql, db/sqlite) and the drivers' own words.
export type ConnectionProblem = 'privileged' | 'auth' | 'database' | 'tls' | 'file' | 'host' | 'url' | 'timeout' | 'refused'

// First match wins: a wrong password's message also says "connecting to", and "cannot connect
// to" heads most of them, so the specific kinds come before `refused`.
const PATTERNS: ReadonlyArray<[ConnectionProblem, RegExp]> = [
  ['privileged', /a privileged role|allow_privileged_role=true/i],
  ['auth', /authentication failed|access denied connecting|password authentication failed|Access denied for user '[^']*'@'[^']*' \(using password/i],
  ['database', /the database '[^']*' does not exist|database "[^"]*" does not exist|Unknown database|may not use the database/i],
  ['tls', /TLS certificate|certificate verify failed|SSL connection|SSL error|root certificate file/i],
  ['file', /database file not found|unable to open database file/i],
  ['host', /could not translate host name|Unknown (?:MySQL )?server host|Name or service not known|Temporary failure in name resolution/i],
  ['url', /unknown (?:MySQL |PostgreSQL )?URL parameter|invalid (?:database )?URL|unsupported URL scheme/i],
  ['timeout', /timeout expired|timed out/i],
  ['refused', /Connection refused|Can't connect to (?:MySQL )?server|cannot connect to /i],
]

// A datasource's failure names it: a database URL (the connectors write the URL with the
// password masked) or an SQLite file. A model server's failure ("asking the model (llm_sql):
// cannot connect to http://127.0.0.1:9/v1", "the request to https://… timed out") names an
// http(s) URL and is no database failure, whatever words it shares with one.
const DATASOURCE = /\b(?:postgres(?:ql)?|mysql|mariadb|sqlite):\/\/|database file|\.(?:sqlite3?|db)\b/i
const MODEL = /asking the model|\bhttps?:\/\//i

export function connectionProblem(message: string): ConnectionProblem | undefined {
  if (!DATASOURCE.test(message) || MODEL.test(message)) return undefined
  return PATTERNS.find(([, re]) => re.test(message))?.[0]
}

/**
 * A failure to show: a headline in the page's language when the message is a known kind of
 * connection failure (`connection.<kind>`), with the server's message kept whole as the
 * detail; otherwise the message itself, with no detail.
 */
export function explainConnectionError(message: string, t: (key: string) => string): { title: string; detail: string } {
  const kind = connectionProblem(message)
  return kind ? { title: t(`connection.${kind}`), detail: message } : { title: message, detail: '' }
}
