import { proposeCategories } from './local/cluster/propose.ts';
import type { AiDeps, ProposalDto } from './shared.ts';

/** Category proposals from clusters of the account's uncategorised mail. */
export function createProposer(deps: AiDeps) {
  const { repo } = deps;
  return {
    async proposeCategories(userId: string, accountId: number): Promise<ProposalDto[]> {
      const mails = (await repo.mails({ userId, accountIds: [accountId], limit: 5000 })).filter(
        (m) => m.categoryId === null && m.folderType !== 'sent' && m.folderType !== 'drafts',
      );
      if (mails.length < 6) return [];
      const k = Math.max(2, Math.min(8, Math.round(Math.sqrt(mails.length / 4))));
      const existing = new Set(
        (await repo.categories(userId, accountId)).map((c) => c.name.toLowerCase()),
      );
      const proposals = proposeCategories(mails, k).filter(
        (p) => !existing.has(p.name.toLowerCase()),
      );
      const ids = await repo.insertProposals(userId, accountId, proposals);
      return proposals.map((p, i) => ({
        id: ids[i]!,
        name: p.name,
        description: p.description,
        size: p.size,
        sample_email_ids: p.emailIds.slice(0, 5),
      }));
    },
  };
}
