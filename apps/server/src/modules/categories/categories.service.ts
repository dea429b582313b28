import {
  CATEGORY_COLORS,
  FieldErrorCode,
  isRowId,
  type Category,
  type CategoryInput,
} from '@brieftaube/shared';
import { AppError, type FieldErrors } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CategoriesRepository, CategoryWithCounts } from './categories.repository.ts';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 2000;
const COLORS = new Set<string>(CATEGORY_COLORS);

/** An empty or null colour is no choice: blue on create, unchanged on update. */
const color = (input: CategoryInput) => input.color?.trim().toLowerCase() || undefined;

function toDto(row: CategoryWithCounts): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    account: row.accountId,
    email_count: row.emailCount,
    unread_email_count: row.unreadCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function createCategoriesService(deps: {
  repo: CategoriesRepository;
  accounts: AccountsService;
}) {
  const { repo, accounts } = deps;

  async function requireCategory(userId: string, id: number): Promise<CategoryWithCounts> {
    const row = await repo.find(userId, id);
    if (!row) throw AppError.notFound('Category');
    return row;
  }

  function validate(
    input: CategoryInput,
    partial: boolean,
  ): { errors: FieldErrors; name?: string; description?: string } {
    const errors: FieldErrors = {};
    // One spelling of "ä" (macOS types a + combining diaeresis): no two names that look alike.
    const name = input.name?.trim().normalize('NFC');
    const description = input.description?.trim().normalize('NFC');
    // Spec §5: name and description are both required.
    if (!partial || input.name !== undefined) {
      if (!name) errors.name = [FieldErrorCode.REQUIRED];
      else if (name.length > NAME_MAX) errors.name = [FieldErrorCode.TOO_LONG];
    }
    if (!partial || input.description !== undefined) {
      if (!description) errors.description = [FieldErrorCode.REQUIRED];
      else if (description.length > DESCRIPTION_MAX) errors.description = [FieldErrorCode.TOO_LONG];
    }
    if (color(input) !== undefined && !COLORS.has(color(input)!))
      errors.color = [FieldErrorCode.COLOR_INVALID];
    return { errors, ...(name ? { name } : {}), ...(description ? { description } : {}) };
  }

  return {
    requireCategory,

    async list(userId: string, accountIds?: number[]): Promise<Category[]> {
      return (await repo.list(userId, accountIds)).map(toDto);
    },

    async get(userId: string, id: number): Promise<Category> {
      return toDto(await requireCategory(userId, id));
    },

    async create(userId: string, input: CategoryInput): Promise<Category> {
      const { errors, name, description } = validate(input, false);
      let accountId = Number(input.account);
      if (input.account === undefined || input.account === null || input.account === '') {
        // The spec's dialog asks for no account: a user with one account means that one.
        const own = await accounts.list(userId);
        if (own.length === 1) accountId = own[0]!.id;
        else errors.account = [FieldErrorCode.REQUIRED];
      } else if (!isRowId(accountId)) errors.account = [FieldErrorCode.INVALID];
      // Someone else's account is not found, as on every other route (and so is a made-up id).
      else if (!(await accounts.findAccount(userId, accountId))) throw AppError.notFound('Account');
      if (name && !errors.account && (await repo.nameTaken(accountId, name)))
        errors.name = [FieldErrorCode.CATEGORY_EXISTS];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const row = await repo.insert({
        userId,
        accountId,
        name: name!,
        description: description!,
        color: color(input) ?? 'blue',
      });
      return toDto({ ...row, emailCount: 0, unreadCount: 0 });
    },

    async update(userId: string, id: number, input: CategoryInput): Promise<Category> {
      const current = await requireCategory(userId, id);
      const { errors, name, description } = validate(input, true);
      if (
        input.account !== undefined &&
        input.account !== null &&
        Number(input.account) !== current.accountId
      )
        errors.account = [FieldErrorCode.INVALID];
      if (name && (await repo.nameTaken(current.accountId, name, id)))
        errors.name = [FieldErrorCode.CATEGORY_EXISTS];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      await repo.update(id, {
        ...(name ? { name } : {}),
        ...(description ? { description } : {}),
        ...(color(input) ? { color: color(input)! } : {}),
      });
      return toDto(await requireCategory(userId, id));
    },

    async remove(userId: string, id: number): Promise<void> {
      await requireCategory(userId, id);
      await repo.delete(id);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
