/* ts-recommend.h — hardware options for a scenario, ranked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"
#include "ts-memory.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

typedef enum
{
  TS_VERDICT_FITS,
  TS_VERDICT_TIGHT,
  TS_VERDICT_DOES_NOT_FIT,
} TsVerdict;

typedef struct
{
  const TsServer *server;
  guint           servers;
  guint           gpus;
  TsMemory        memory;            /* at this option's layout */
  TsVerdict       verdict;
  gboolean        fits;
  char           *reason;            /* plain words, current language */
  double          gpu_memory_bytes;  /* capacity of one GPU */
  double          headroom_bytes;    /* per GPU; negative when it does not fit */
  gboolean        interconnect_ok;
  double          power_kw;
  double          heat_btu_h;
  double          cooling_tons;
  double          amps_per_phase;
  guint           rack_units;
  guint           racks;
  double          checkpoint_bytes;
  double          training_days;
  double          energy_kwh;
  double          energy_cost;
  gboolean        recommended;
} TsOption;

void        ts_option_clear       (TsOption          *option);
const char *ts_verdict_to_string  (TsVerdict          verdict);
const char *ts_verdict_label      (TsVerdict          verdict);

/* Fills options (an array of TsOption with ts_option_clear as its clear
 * function), ranked, and returns the index of the recommended one or -1. */
int         ts_recommend          (const TsCatalog   *catalog,
                                   const TsScenario  *scenario,
                                   GArray            *options,
                                   GPtrArray         *warnings);

void        ts_option_to_json     (const TsOption    *option,
                                   JsonBuilder       *builder);

G_END_DECLS
