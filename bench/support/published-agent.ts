// An organisation of its own (with room for 1,000 runs at once) and a published agent of the
// given graph, written straight to the database, for the queue and scheduler benchmarks.
import type { Database } from '../../src/server/db/client.ts';
import {
  agentSettings,
  agents,
  agentVersions,
  organization,
} from '../../src/server/db/schema/index.ts';
import type { AgentGraph } from '../../src/shared/schemas/agent-graph.ts';

export async function publishedBenchAgent(db: Database, graph: AgentGraph) {
  const [org] = await db
    .insert(organization)
    .values({ name: 'Bench', slug: `bench-${Date.now()}` })
    .returning();
  await db.insert(agentSettings).values({ organizationId: org!.id, maxConcurrentRuns: 1000 });
  const [agent] = await db
    .insert(agents)
    .values({
      organizationId: org!.id,
      name: 'Bench',
      slug: 'bench',
      draft: graph,
      publishedVersion: 1,
    })
    .returning();
  await db
    .insert(agentVersions)
    .values({ organizationId: org!.id, agentId: agent!.id, number: 1, graph });
  return { org: org!, agent: agent! };
}
