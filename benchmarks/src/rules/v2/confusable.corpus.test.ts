import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../text/tokens.js';
import { surfaceFacts as surfaceFactsV1 } from '../v1/facts.js';
import { confusablePairs } from './confusable.js';
import { surfaceFacts } from './facts.js';
import { realSurface } from './test/corpus.js';

// Confusable pairs of v2 on real surfaces, against v1. Every pair v2 reports here was read and judged by
// hand ("would a model mix these up?"); the comment says why it is one.

const counter = await loadTokenCounter();
const v2 = (name: string) => confusablePairs(surfaceFacts(realSurface(name), counter)).map((p) => `${p.tools.join(' & ')} ${p.kind}${p.deprecated ? ` (${p.deprecated})` : ''}`);
const v1Total = (name: string) => surfaceFactsV1(realSurface(name), counter).pairs.length;

const EXPECTED: Record<string, { v1: number; v2: string[] }> = {
  context7: { v1: 0, v2: [] },
  filesystem: {
    v1: 1,
    v2: [
      // "DEPRECATED: Use read_text_file instead."
      'read_file & read_text_file alias (read_file)',
      // The same listing, one with sizes: list_directory fits "list the files of src/" as well.
      'list_directory & list_directory_with_sizes narrower',
      // Not read_file & read_media_file: read_media_file says what sets it apart ("as a base64-encoded
      // content block with its MIME type"), read_file "as text" (the corpus labels it no pair either).
    ],
  },
  // Two deprecated compatibility entry points that name their replacements.
  firecrawl: {
    v1: 2,
    v2: [
      'firecrawl_developer_search & firecrawl_research_search_github alias (firecrawl_research_search_github)',
      'firecrawl_agent & firecrawl_extract alias (firecrawl_extract)',
      'firecrawl_extract & firecrawl_scrape alias (firecrawl_extract)',
    ],
  },
  // v1's pairs were template twins (create_entities / create_relations, delete_entities / delete_relations).
  memory: { v1: 2, v2: [] },
  // v1's 23 were template twins ("Notion | Retrieve a page" / "… a page property item"), get vs update.
  notion: { v1: 23, v2: [] },
  // browser_network_request(s) name each other: the server tells them apart.
  playwright: { v1: 1, v2: [] },
  // Both "return" resource links / a resource reference; neither says when to want which (a corpus pair).
  everything: { v1: 1, v2: ['get-resource-links & get-resource-reference synonym'] },
  'sequential-thinking': { v1: 0, v2: [] },
  gitlab: {
    v1: 2028,
    v2: [
      // A discussion note is a note: "delete my comment on !5" fits both.
      'update_merge_request_discussion_note & update_merge_request_note narrower',
      // "Get GitLab user details by usernames" / "Get user details by ID".
      'get_user & get_users synonym',
      'delete_merge_request_discussion_note & delete_merge_request_note narrower',
      // Judged false in the top-30 sample below (the name says "protected"): v2's false positive here.
      'list_branches & list_protected_branches narrower',
      // The diff of some files of a merge request is part of its diffs.
      'get_merge_request_diffs & get_merge_request_file_diff narrower',
      // A group's projects are projects the user can list (borderline: the name says "group").
      'list_group_projects & list_projects narrower',
      // validate provided CI YAML "for a project" / validate the project's .gitlab-ci.yml.
      'validate_ci_lint & validate_project_ci_lint variant',
      'get_branch & get_protected_branch narrower',
      // create_note: "Create a new note (comment) to an issue or merge request".
      'create_merge_request_discussion_note & create_note narrower',
      'create_merge_request_note & create_note variant',
      // Not create_draft_note & create_note: a narrower name needs alike descriptions too, and "Create a
      // draft note for a merge request" / "Create a new note (comment) to an issue or merge request" are
      // not (0.28); the draft is the one that says what it is.
    ],
  },
  // list_issues (one repository) / search_issues (across repositories).
  // create_or_update_file (one file) / push_files (several, one commit): both write files to a branch.
  github: { v1: 32, v2: ['create_or_update_file & push_files synonym', 'list_issues & search_issues synonym'] },
};

describe('confusable pairs on real surfaces, v1 → v2', () => {
  for (const [name, { v1, v2: pairs }] of Object.entries(EXPECTED)) {
    it(`${name}: ${v1} → ${pairs.length}`, () => {
      expect(v1Total(name)).toBe(v1);
      expect(v2(name)).toEqual(pairs);
    });
  }

  // The top 30 pairs of v1 on the 118-tool GitLab server, judged by hand as the issue did ("of 30 sampled
  // top pairs only 6 were pairs a model would really mix up"): true when a request worded the way a user
  // words it fits both tools.
  const TOP30_TRUE = [
    'get_user & get_users',
    'delete_merge_request_discussion_note & delete_merge_request_note',
    'update_merge_request_discussion_note & update_merge_request_note',
    'create_draft_note & create_merge_request_note',
    'get_merge_request_diffs & get_merge_request_file_diff',
    'list_merge_request_changed_files & list_merge_request_diffs',
  ];

  it('GitLab, v1\'s top 30: v2 keeps 5, of them 4 of the 6 true ones (precision 0.8, recall 0.67 on the sample)', () => {
    const top30 = surfaceFactsV1(realSurface('gitlab'), counter)
      .pairs.slice(0, 30)
      .map((p) => p.tools.join(' & '));
    expect(top30).toEqual(expect.arrayContaining(TOP30_TRUE));
    const kept = confusablePairs(surfaceFacts(realSurface('gitlab'), counter))
      .map((p) => p.tools.join(' & '))
      .filter((k) => top30.includes(k));
    // Missed: a draft note vs a merge request note (both names add a word of their own), changed files vs
    // diffs (different heads: the words do not say a diff lists changed files).
    // Kept and judged false: list_protected_branches, whose name says what list_branches does not.
    expect(kept).toEqual([
      'update_merge_request_discussion_note & update_merge_request_note',
      'get_user & get_users',
      'delete_merge_request_discussion_note & delete_merge_request_note',
      'list_branches & list_protected_branches',
      'get_merge_request_diffs & get_merge_request_file_diff',
    ]);
    expect(kept.filter((k) => TOP30_TRUE.includes(k))).toHaveLength(4);
  });
});
