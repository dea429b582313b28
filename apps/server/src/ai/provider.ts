import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, Output } from 'ai';
import type { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * One structured answer of the configured model: `schema` checks it; a call that fails (an error
 * status, a timeout, output the schema refuses, or a `check` of the caller that refuses it) is
 * tried once more, then the caller's local engine answers (ADR 0023).
 */
export interface ModelProvider {
  generate<T>(request: {
    feature: string;
    schema: z.ZodType<T>;
    system: string;
    prompt: string;
    /** Rules the schema cannot say (a citation of a mail that was not given): a reason, or null. */
    check?: (value: T) => string | null;
  }): Promise<T>;
}

export class ModelFailedError extends Error {}

/** The configured OpenAI-compatible model, or undefined: then nothing leaves the machine. */
export function createModelProvider(
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_CHAT_MODEL' | 'AI_TIMEOUT_SECONDS'>,
  logger?: Logger,
): ModelProvider | undefined {
  if (!config.AI_BASE_URL || !config.AI_CHAT_MODEL) return undefined;
  const provider = createOpenAICompatible({
    name: 'brieftaube',
    baseURL: config.AI_BASE_URL,
    ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(config.AI_CHAT_MODEL);
  const timeoutMs = config.AI_TIMEOUT_SECONDS * 1000;
  return {
    async generate({ feature, schema, system, prompt, check }) {
      let last: unknown;
      // One retry: a model that answers nonsense twice will not do better a third time.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          const result = await generateText({
            model,
            system,
            prompt,
            output: Output.object({ schema }),
            maxRetries: 0,
            abortSignal: AbortSignal.timeout(timeoutMs),
            temperature: 0,
          });
          const value = result.output;
          const problem = check?.(value);
          if (problem) throw new ModelFailedError(problem);
          return value;
        } catch (error) {
          last = error;
          // The error's kind only: a model's output may quote the user's mail.
          logger?.warn(
            { feature, attempt, error: error instanceof Error ? error.name : 'unknown' },
            'AI model call failed',
          );
        }
      }
      throw new ModelFailedError(
        `model failed for ${feature}: ${last instanceof Error ? last.name : 'unknown'}`,
      );
    },
  };
}
