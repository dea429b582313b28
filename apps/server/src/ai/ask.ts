import { sql } from 'drizzle-orm';
import type { AiMailRow, AiRankingRow } from './ai.repository.ts';
import { BLEND_POOL, blendSimilar } from './embeddings.ts';
import { answerQuestion, type QaMail } from './local/qa/answer.ts';
import { namesDay, todayIn } from './local/query/calendar.ts';
import { parseQuery } from './local/query/parse-query.ts';
import { DEFAULT_TIME_ZONE } from '../lib/time-zone.ts';
import { Bm25Index } from './local/search/bm25.ts';
import { queryRelatives } from './local/text/word-fields.ts';
import { analyzeText } from './local/text/analyze.ts';
import { umlautReading } from '../lib/umlauts.ts';
import { exactAnswer, isCountingQuestion, isListingQuestion } from './exact-answers.ts';
import { queryConditions } from './mail-filters.ts';
import { ModelFailedError } from './provider.ts';
import { modelAnswer } from './question-model.ts';
import { mailAbout, topicOnlyAnswer } from './topic-mail.ts';
import {
  FALLBACK_NOTE,
  fromLabel,
  NOTHING_FOUND,
  type AiDeps,
  type QuestionResult,
  type SearchResult,
} from './shared.ts';

/**
 * How many mails a search ranks at most: those the full-text index ranks highest for any query
 * word (German stems, as prefixes), and the newest that pass the filters whatever their words
 * (mail the indexer has not reached yet; compounds the index does not split: "Umbau" in
 * "Küchenumbau"). BM25 analyses each candidate's text (about a millisecond a mail), so this
 * bounds a search's time: 1,500 + 500 candidates took 0.5–1.8 s at 20,000 mails (ADR 0025).
 */
const INDEX_CANDIDATES = 400;
const RECENT_CANDIDATES = 200;
/** Without words to rank, the newest mails that pass the filters are the answer. */
const FILTER_ONLY_RESULTS = 20;
const SEARCH_RESULTS = FILTER_ONLY_RESULTS;
const QA_SOURCES = 5;
/** Of mails found by related words only, those within this share of the best one's score. */
const RELATED_CUT = 0.5;

/** A range of one calendar day ("am 5. Dezember", "gestern"), not "seit Montag". */
const isOneDay = (range: { from: Date; to: Date }) =>
  range.to > range.from && range.to.getTime() - range.from.getTime() <= 25 * 3600 * 1000;

/** The written words of the fields of the text's words ("Zug" → "bahn", "ticket", …). */
function relatedWords(text: string): string[] {
  const stems = analyzeText(text, { language: 'de' }).terms.map((t) => t.term);
  const english = analyzeText(text, { language: 'en' }).terms.map((t) => t.term);
  return queryRelatives([...new Set([...stems, ...english])]).words;
}

/** A short passage of the mail around the first query word it contains. */
function snippetOf(mail: AiRankingRow, query: string): string {
  const text = mail.body.replace(/\s+/g, ' ').trim();
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  const lower = text.toLowerCase();
  let at = -1;
  for (const word of words) {
    // A stem's first letters find "Rechnungen" for "Rechnung" and "Umbaus" for "Umbau".
    at = lower.indexOf(word.slice(0, Math.max(3, word.length - 2)));
    if (at >= 0) break;
  }
  const start = Math.max(0, at - 60);
  const cut = text.slice(start, start + 200);
  return `${start > 0 ? '…' : ''}${cut}${start + 200 < text.length ? '…' : ''}`;
}

/** AI search and questions answered from the user's mail. */
export function createAsker(deps: AiDeps) {
  const { repo } = deps;

  /** The mails a query ranks: see INDEX_CANDIDATES. */
  async function candidates(
    userId: string,
    filters: ReturnType<typeof queryConditions>,
    text: string,
    includeTrash = false,
    /** Words to look up instead of the text's, and no newest mails besides (see search). */
    only?: string[],
  ): Promise<AiRankingRow[]> {
    // A compound asks for its parts too: "Heizungswartung" finds "Wartung Ihrer Heizung".
    const parts = analyzeText(text)
      .terms.filter((t) => t.part && t.term.length >= 3)
      .map((t) => t.term);
    const typed = (text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 12);
    const words = [
      ...new Set([
        ...typed,
        // "kuechenrenovierung" typed for "Küchenrenovierung" (lib/umlauts.ts).
        ...typed.map(umlautReading).filter((w) => w !== undefined),
        ...parts,
      ]),
    ].slice(0, 24);
    if (only) words.splice(0, words.length, ...only.filter((w) => /^[\p{L}\p{N}-]+$/u.test(w)));
    const recent = only
      ? []
      : await repo.rankingRows({
          userId,
          where: filters,
          limit: RECENT_CANDIDATES,
          includeTrash,
        });
    if (words.length === 0) return recent;
    const query = words.map((w) => `${w}:*`).join(' | ');
    const indexed = await repo.rankingRows({
      userId,
      where: [
        ...filters,
        sql`e.id IN (SELECT email_id FROM email_search WHERE user_id = ${userId} AND vector @@ to_tsquery('german', ${query}))`,
      ],
      // The index's own rank picks which of many matches BM25 reads: at 20,000 mails a common
      // word matches thousands, and reading each costs about a millisecond.
      orderBy: sql`(SELECT ts_rank(s.vector, to_tsquery('german', ${query})) FROM email_search s
                    WHERE s.email_id = e.id) DESC, e.mail_date DESC, e.id DESC`,
      limit: INDEX_CANDIDATES,
      includeTrash,
    });
    const seen = new Set(indexed.map((m) => m.id));
    return [...indexed, ...recent.filter((m) => !seen.has(m.id))];
  }

  return {
    async search(
      userId: string,
      query: string,
      now = new Date(),
      timeZone?: string,
    ): Promise<SearchResult> {
      const [folders, categories] = await Promise.all([
        repo.userFolderNames(userId),
        repo.userCategoryNames(userId),
      ]);
      const parsed = parseQuery(query, now, {
        folders: folders.map((f) => f.name),
        categories: categories.map((c) => c.name),
        timeZone,
      });
      const trash = parsed.folderType === 'trash' || parsed.folderType === 'spam';
      const rank = async (found: AiRankingRow[], wording: string) => {
        if (!wording.trim())
          return {
            hits: found.slice(0, FILTER_ONLY_RESULTS).map((m) => ({ id: m.id, score: 1 })),
            more: found.length > FILTER_ONLY_RESULTS,
            exact: true,
          };
        const index = new Bm25Index();
        for (const mail of found)
          index.add({ id: mail.id, subject: mail.subject, body: mail.body, from: fromLabel(mail) });
        // "Similar wording" by the stored embeddings, where a model provides them (ADR 0026).
        const matches = index.search(wording, found.length, undefined, true);
        const bm25 = matches.slice(0, deps.embeddings?.enabled ? BLEND_POOL : SEARCH_RESULTS);
        return {
          hits: await blendSimilar(deps.embeddings, userId, wording, found, bm25, SEARCH_RESULTS),
          more: matches.length > SEARCH_RESULTS,
          exact: matches.some((match) => !match.onlyRelated),
        };
      };
      let found = await candidates(userId, queryConditions(parsed), parsed.text, trash);
      let { hits, more, exact } = await rank(found, parsed.text);
      let interpretation = parsed.interpretation;
      // "Mitgliederversammlung am 5. Dezember": a single day may be what the mail is about, not
      // the day it came. With words to rank and nothing from that day, the mail that names it.
      if (hits.length === 0 && parsed.date && parsed.text.trim() && isOneDay(parsed.date)) {
        const theDay = todayIn(parsed.date.from, timeZone ?? DEFAULT_TIME_ZONE);
        // Only mail that names the day: "Rechnungen vom 2.11." asks for no other invoice.
        const all = (
          await candidates(userId, queryConditions({ ...parsed, date: null }), parsed.text, trash)
        ).filter((mail) => namesDay(`${mail.subject}\n${mail.body}`, theDay));
        const named = await rank(all, parsed.text);
        if (named.hits.length > 0) {
          ({ hits, more, exact } = named);
          found = all;
          interpretation = `${interpretation} – an diesem Tag kam keine passende E-Mail; gezeigt werden E-Mails, die den Tag nennen`;
        }
      }
      // "Zug" in no mail: the mail that says "Bahn" or "Fahrkarte" (word fields, ADR 0022), and
      // the line says so, since none of these mails holds what was typed.
      // With an embedding model, similar wording is the model's (ADR 0026). Questions do
      // without: a related word led the rules to answer from mail about something else.
      const relatives = exact || deps.embeddings?.enabled ? [] : relatedWords(parsed.text);
      if (relatives.length > 0) {
        const extra = await candidates(userId, queryConditions(parsed), '', trash, relatives);
        const seen = new Set(found.map((m) => m.id));
        const all = [...found, ...extra.filter((m) => !seen.has(m.id))];
        const related = await rank(all, parsed.text);
        if (related.hits.length > 0) {
          // A field is wide ("Sendungsverfolgung" → "kaufen" too): only the clear matches.
          const top = related.hits[0]!.score;
          hits = related.hits.filter((hit) => hit.score >= top * RELATED_CUT);
          more = related.more && hits.length === related.hits.length;
          found = all;
          interpretation = `${interpretation} – keine E-Mail enthält die gesuchten Wörter; gezeigt werden E-Mails mit verwandten Begriffen`;
        }
      }
      const byId = new Map(found.map((m) => [m.id, m]));
      return {
        interpretation,
        more,
        results: hits.map((hit) => {
          const mail = byId.get(hit.id)!;
          return {
            email_id: hit.id,
            score: Math.round(hit.score * 1000) / 1000,
            snippet: snippetOf(mail, parsed.text || query),
            subject: mail.subject,
            from: fromLabel(mail),
            date: mail.date.toISOString(),
          };
        }),
      };
    },

    async question(
      userId: string,
      asked: string,
      now = new Date(),
      timeZone?: string,
    ): Promise<QuestionResult> {
      // "🚆 Wann fährt mein Zug?": the rules read a question from its first word.
      const question = asked.replace(/^[^\p{L}\p{N}]+/u, '') || asked;
      const [folders, categories] = await Promise.all([
        repo.userFolderNames(userId),
        repo.userCategoryNames(userId),
      ]);
      // "Wie viele Mails hat mir Thomas Weber geschrieben?": the parser knows "von Thomas Weber".
      // "Was habe ich Thomas geschrieben?": the parser knows "ich an Thomas".
      const asQuery = question
        .replace(
          /\b(?:hat|haben) mir\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)/u,
          (_m, who: string) => `von ${who}`,
        )
        .replace(
          /\b(?:hat|haben)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)\s+mir\b/u,
          (_m, who: string) => `von ${who}`,
        )
        .replace(
          /\b(habe|hab) ich\s+(?:an\s+)?(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)(?=\s+(?:[\p{L}-]+\s+){0,4}(?:geschrieben|geschickt|gesendet|gemailt)\b)/u,
          (_m, verb: string, who: string) => `${verb} ich an ${who}`,
        )
        // "Welche Rechnungen muss ich noch bezahlen?" asks for the open ones.
        .replace(/\b(muss|müssen|soll|sollte)\s+(ich|wir)\s+(noch\s+)?(be)?zahlen\b/giu, 'offen')
        .replace(/\b(geschrieben|geschickt|gesendet|bekommen|erhalten)\b/giu, '');
      // "Wie viele E-Mails habe ich gesendet?" is the Sent folder (with a recipient, the
      // recipient says it); "Was habe ich gestern bekommen?" is mail the user received.
      const mine = /\b(habe|hab)\s+ich\b|\bich\s+(habe|hab)\b/i.test(question);
      const sent =
        mine &&
        /\b(gesendet|geschickt|verschickt|geschrieben|gemailt)\b/i.test(question) &&
        // "Was habe ich von der Bank geschickt bekommen?" is received mail.
        !/\b(bekommen|erhalten)\b/i.test(question) &&
        !/\bich an\b/.test(asQuery);
      const received =
        (mine && /\b(bekommen|erhalten)\b/i.test(question)) ||
        /^\s*was\s+(kam|kamen)\b|\b(eingegangen|angekommen|reingekommen)\b/i.test(question);
      let parsed = parseQuery(sent ? `${asQuery} gesendet` : asQuery, now, {
        folders: folders.map((f) => f.name),
        categories: categories.map((c) => c.name),
        timeZone,
      });
      if (received && !parsed.folderType && !parsed.folder)
        parsed = {
          ...parsed,
          received: true,
          interpretation: `${parsed.interpretation} · erhalten`,
        };
      // "Was muss ich bis Freitag erledigen?": in a question, "bis …" names a deadline the mail
      // speaks of, not the day it came; counting and listing questions mean the mail's date.
      const deadline =
        parsed.date !== null &&
        /^(bis|vor) /.test(parsed.date.label) &&
        !isCountingQuestion(question) &&
        !isListingQuestion(question);
      if (deadline) parsed = { ...parsed, date: null, text: '' };
      const filters = queryConditions(parsed);
      const source = (mail: AiMailRow, quote: string) => ({
        email_id: mail.id,
        subject: mail.subject,
        from: fromLabel(mail),
        date: mail.date.toISOString(),
        quote,
      });
      const exact = await exactAnswer({ repo, userId, question, parsed, source, timeZone });
      if (exact) return exact;
      let wording = parsed.text || question;
      let found = await candidates(userId, filters, wording);
      // A day in a question may be what the mail is about ("Was ist am 20. Oktober?"), not the
      // day it came: with nothing from that day, the whole question is searched without it.
      if (found.length === 0 && parsed.date) {
        wording = question;
        found = await candidates(userId, queryConditions({ ...parsed, date: null }), wording);
      }
      const index = new Bm25Index();
      for (const mail of found)
        index.add({ id: mail.id, subject: mail.subject, body: mail.body, from: fromLabel(mail) });
      const pool = index.search(wording, deps.embeddings?.enabled ? BLEND_POOL : QA_SOURCES);
      const hits = await blendSimilar(deps.embeddings, userId, wording, found, pool, QA_SOURCES);
      // The few retrieved mails in full (recipients and attachment names answer questions too).
      const byId = new Map(
        (await repo.mails({ userId, ids: hits.map((h) => h.id), includeTrash: true })).map((m) => [
          m.id,
          m,
        ]),
      );
      const retrieved = hits.map((h) => byId.get(h.id)).filter((m) => m !== undefined);
      const qaMails: QaMail[] = retrieved.map((m) => ({
        id: m.id,
        subject: m.subject,
        body: m.body,
        from: { name: m.fromName, address: m.fromAddress },
        to: m.to,
        cc: m.cc,
        attachments: m.attachmentNames,
      }));
      let note: string | undefined;
      if (deps.model && retrieved.length > 0) {
        try {
          return await modelAnswer(deps.model, question, retrieved, source);
        } catch (error) {
          if (!(error instanceof ModelFailedError)) throw error;
          note = FALLBACK_NOTE;
        }
      }
      const withNote = (result: QuestionResult) => (note ? { ...result, note } : result);
      const answer = answerQuestion(question, qaMails);
      if (!answer) {
        const about = mailAbout(wording, retrieved);
        return withNote(
          about
            ? { answer: topicOnlyAnswer(about.mail), sources: [source(about.mail, about.quote)] }
            : { answer: NOTHING_FOUND, sources: [] },
        );
      }
      // Cited only from the retrieved mails of this user: the engine cannot name another.
      const cited = byId.get(answer.mailId);
      if (!cited) return withNote({ answer: NOTHING_FOUND, sources: [] });
      return withNote({
        answer: inTheirWords(answer.text, cited),
        sources: [source(cited, answer.quote)],
      });
    },
  };
}

const FIRST_PERSON =
  /(?<!\p{L})(?:ich|wir|mir|mich|uns|unser|unsere[mnrs]?|mein|meine[mnrs]?|I|we|my|our|me)(?!\p{L})/iu;

/**
 * A sentence of a mail that speaks in the first person is the writer's, not the answerer's:
 * "Ich habe Punkt 4 ergänzt." alone reads as if the AI had. It is quoted with who wrote it, and
 * the user's own sent mail as theirs.
 */
function inTheirWords(text: string, mail: AiMailRow): string {
  if (!FIRST_PERSON.test(text)) return text;
  const who =
    mail.folderType === 'sent' || mail.folderType === 'drafts'
      ? 'Sie haben geschrieben'
      : `${mail.fromName || mail.fromAddress} schreibt`;
  return `${who}: „${text}“`;
}
