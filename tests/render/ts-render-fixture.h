/* ts-render-fixture.h — plans with hand-made hardware options
 *
 * The drawings are tested (and benchmarked) on options filled here by
 * hand from the catalog's figures, so they do not depend on the state of
 * the recommendation engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-engine.h"

G_BEGIN_DECLS

/* Site figures the fixture assumes: a 42U rack limited to 30 kW, 230 V
 * three-phase, PUE 1.4, 0.1 USD per kWh. */
#define FIXTURE_RACK_KW   30.0
#define FIXTURE_VOLTAGE   230.0
#define FIXTURE_MFU       0.40
#define FIXTURE_PRICE_KWH 0.10

/* A plan for model_id and method, with one option of `servers` × server_id
 * (or no option when server_id is NULL) as the recommended one. */
TsPlan *ts_render_fixture_plan       (TsCatalog  *catalog,
                                      const char *model_id,
                                      TsMethod    method,
                                      const char *server_id,
                                      guint       servers);
/* Servers a rack of the fixture holds: as many as FIXTURE_RACK_KW feeds
 * at their maximum draw and as its rack_units hold, two units kept for a
 * leaf and a management switch. Tests size their plans by it, so that
 * what they count (racks, servers in a rack) does not hang on a server's
 * figures in the catalog. */
guint   ts_render_fixture_servers_per_rack (const TsServer *server,
                                            guint           rack_units);
/* Adds another, not recommended, option to plan. */
void    ts_render_fixture_add_option (TsPlan     *plan,
                                      const char *server_id,
                                      guint       servers);

G_END_DECLS
