import { proposeCategories } from './local/cluster/propose.ts';
import { domainOf } from './local/text/normalize.ts';
import { fromLabel, type AiDeps, type ProposalDto } from './shared.ts';

const SAMPLES = 5;

/** Category proposals from clusters of the account's uncategorised mail. */
export function createProposer(deps: AiDeps) {
  const { repo } = deps;

  async function withSamples(
    userId: string,
    accountId: number,
    proposals: { id: number; name: string; description: string; emailIds: number[] }[],
  ): Promise<ProposalDto[]> {
    const ids = proposals.flatMap((p) => p.emailIds.slice(0, SAMPLES));
    const mails = ids.length ? await repo.mails({ userId, accountIds: [accountId], ids }) : [];
    const byId = new Map(mails.map((m) => [m.id, m]));
    return proposals.map((p) => {
      const samples = p.emailIds
        .slice(0, SAMPLES)
        .map((id) => byId.get(id))
        .filter((m) => m !== undefined);
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        size: p.emailIds.length,
        sample_email_ids: samples.map((m) => m.id),
        samples: samples.map((m) => ({
          email_id: m.id,
          subject: m.subject,
          from: fromLabel(m),
          date: m.date.toISOString(),
        })),
      };
    });
  }

  return {
    /** The open proposals of an account (or of all the user's accounts), with their samples. */
    async listProposals(userId: string, accountId?: number): Promise<ProposalDto[]> {
      const open = await repo.listProposals(userId, accountId);
      const byAccount = new Map<number, typeof open>();
      for (const p of open) byAccount.set(p.accountId, [...(byAccount.get(p.accountId) ?? []), p]);
      const lists = await Promise.all(
        [...byAccount].map(([account, list]) => withSamples(userId, account, list)),
      );
      return lists.flat().sort((a, b) => a.id - b.id);
    },

    async proposeCategories(userId: string, accountId: number): Promise<ProposalDto[]> {
      const all = await repo.mails({ userId, accountIds: [accountId], limit: 5000 });
      const own = (m: (typeof all)[number]) => m.folderType === 'sent' || m.folderType === 'drafts';
      const mails = all.filter((m) => m.categoryId === null && !own(m));
      // The user writes from their own domain: their colleagues' mail is no "Beispiel" category.
      const ownDomains = new Set(all.filter(own).map((m) => domainOf(m.fromAddress)));
      // Too little left to cluster: the last run's proposals are gone too, since their mail has
      // meanwhile been filed (accepting one would create an empty category).
      if (mails.length < 6) {
        await repo.insertProposals(userId, accountId, []);
        return [];
      }
      const k = Math.max(2, Math.min(8, Math.round(Math.sqrt(mails.length / 4))));
      const existing = new Set(
        (await repo.categories(userId, accountId)).map((c) => c.name.toLowerCase()),
      );
      const proposals = proposeCategories(mails, k, 3, ownDomains).filter(
        (p) => !existing.has(p.name.toLowerCase()),
      );
      const ids = await repo.insertProposals(userId, accountId, proposals);
      return withSamples(
        userId,
        accountId,
        proposals.map((p, i) => ({ ...p, id: ids[i]! })),
      );
    },
  };
}
