// Unit tests for the SQL statements a search query may carry (main/environment/deferred/sql.ts): recognised by
// SQL's grammar, English on the same verbs left alone, and taken out of the query's words with `sql query` hints.
import { describe, expect, it } from 'vitest';
import { splitArguments } from '../../../main/environment/deferred/arguments.js';
import { findSql } from '../../../main/environment/deferred/sql.js';

const sqlIn = (text: string) => {
  const span = findSql(text);
  return span && text.slice(span.start, span.end);
};

describe('SQL statements in a query', () => {
  it('finds SELECT, DELETE, INSERT and UPDATE statements by their structure', () => {
    expect(sqlIn('run SELECT count(*) FROM users')).toBe('SELECT count(*) FROM users');
    expect(sqlIn('select * from customers limit 5')).toBe('select * from customers limit 5');
    expect(sqlIn("SELECT email FROM users WHERE created_at > now() - interval '7 days'")).toBe(
      "SELECT email FROM users WHERE created_at > now() - interval '7 days'",
    );
    expect(sqlIn('select a.name, b.total from a join b on a.id=b.id')).toBe(
      'select a.name, b.total from a join b on a.id=b.id',
    );
    expect(sqlIn('select count(*) n from orders o where o.total > 10')).toBe(
      'select count(*) n from orders o where o.total > 10',
    );
    expect(sqlIn('DELETE FROM sessions')).toBe('DELETE FROM sessions');
    expect(sqlIn('please delete from sessions where expires < now()')).toBe(
      'delete from sessions where expires < now()',
    );
    expect(sqlIn('insert into t (a, b) values (1, 2)')).toBe('insert into t (a, b) values (1, 2)');
    expect(sqlIn('insert into logs select * from x')).toBe('insert into logs select * from x');
    expect(sqlIn('UPDATE users SET name = 1 WHERE id = 2')).toBe('UPDATE users SET name = 1 WHERE id = 2');
  });
  it('ends a statement at `;`, or at its table when English follows', () => {
    expect(sqlIn('SELECT * FROM users; then chart it')).toBe('SELECT * FROM users;');
    expect(sqlIn('select * from users and mail them')).toBe('select * from users');
  });
  it('leaves English built on the same verbs alone', () => {
    for (const english of [
      'select the option from the list',
      'delete the message from #general',
      'select Germany from the country list',
      'choose "Large" from the size select',
      'select * from the list',
      'select files from disk',
      'delete from memory everything about Bob',
      'update the branch set to main',
      'insert into the table a row',
      'select:mcp__db__query',
      'a.select from b',
    ]) {
      expect(findSql(english), english).toBeUndefined();
    }
  });
  it('needs a mark English does not have for SELECT and DELETE: `*`, (, a comma, a clause, `;` or capitals', () => {
    expect(findSql('select email from users')).toBeUndefined();
    expect(findSql('delete from users')).toBeUndefined();
    expect(sqlIn('SELECT email FROM users')).toBe('SELECT email FROM users');
    expect(sqlIn('select email, name from users')).toBe('select email, name from users');
    expect(sqlIn('select email from users limit 3')).toBe('select email from users limit 3');
    expect(sqlIn('delete from users;')).toBe('delete from users;');
  });
  it('takes a statement out of the words and leaves `sql query`; a quoted statement leaves them too', () => {
    expect(splitArguments('run SELECT count(*) FROM users')).toEqual({
      words: 'run',
      hints: ['sql', 'query'],
      values: ['SELECT count(*) FROM users'],
      shaped: 'run sql query',
    });
    expect(splitArguments('execute "select * from accounts limit 5"')).toEqual({
      words: 'execute',
      hints: ['sql', 'query'],
      values: ['"select * from accounts limit 5"'],
      shaped: 'execute sql query',
    });
    expect(splitArguments('select the option from the list').hints).toEqual([]);
  });
});
