/**
 * A comment that marks a statement to be planned on every call with its parameter values, never from
 * a cached generic plan (see pglite-thread/prepared-query.ts). Meant for statements that join a table
 * to arrays of parameters, whose size a generic plan cannot know. On PostgreSQL (node-postgres sends
 * unnamed statements, planned per call anyway) it is only a comment.
 */
export const PLAN_PER_CALL = '/* quarry: plan per call */';
