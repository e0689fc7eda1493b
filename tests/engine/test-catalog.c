/* test-catalog.c — the built-in catalog loads, and a broken one is refused
 * with the file, record and field named
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "ts-test-support.h"

/* The article's servers with the figures the article gives
 * (../shared/seed/README.md, “The vendor's training servers”). */
static void
test_article_servers (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *id; guint gpus; double memory_gb; double kw; guint units; } servers[] = {
    { "dgx-h200", 8, 1128, 10.2, 8 },
    { "dgx-b200", 8, 1440, 14.3, 10 },
    { "smc-sys-a22ga-nbrt", 8, 1440, 0, 10 },
    { "huawei-atlas-800t-a2", 8, 512, 5.8, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      const TsServer *s = ts_catalog_find_server (catalog, servers[i].id);

      g_assert_nonnull (s);
      g_assert_true (s->article);
      g_assert_cmpuint (s->gpu_count, ==, servers[i].gpus);
      g_assert_cmpfloat (s->gpu_memory_label_gb, ==, servers[i].memory_gb);
      g_assert_cmpuint (s->rack_units, ==, servers[i].units);
      if (servers[i].kw > 0)
        g_assert_cmpfloat (s->max_power_kw, ==, servers[i].kw);
      g_assert_true (s->interconnect->training_capable);
    }

  /* SYS-A22GA-NBRT: six 5,250 W PSUs with redundancy. */
  g_assert_cmpuint (ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt")->psu_count, ==, 6);
  g_assert_cmpfloat (ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt")->psu_w, ==, 5250);
}

static void
test_article_models (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const char *ids[] = { "llama-3.1-8b", "qwen3-32b", "llama-3.1-70b", "qwen3-235b-a22b" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, ids[i]);

      g_assert_nonnull (m);
      g_assert_true (m->model.has_architecture);
    }
}

static char *
builtin_text (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/trainsizer/TrainSizer/catalog.json", 0, NULL);

  g_assert_nonnull (bytes);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Replace the first occurrence of needle in the built-in catalog and
 * expect the loader to refuse it naming the field. */
typedef struct
{
  const char *needle;       /* first occurrence in the built-in catalog */
  const char *replacement;
  const char *record;       /* the record id the message must name, or NULL */
  const char *expected;     /* the field or problem the message must name */
} Defect;

/* One kind of defect each, as the issue asks: the loader refuses the
 * catalog and names the file, the record and the field. */
static const Defect defects[] = {
  /* missing field */
  { "\"max_power_kw\"", "\"max_power_kilowatts\"", "dgx-h200", "max_power_kw" },
  /* wrong type */
  { "\"gpu_count\": 8", "\"gpu_count\": \"8\"", "dgx-h200", "gpu_count" },
  /* out of range */
  { "\"gpu_count\": 8", "\"gpu_count\": -8", "dgx-h200", "gpu_count" },
  /* absurd unit (a figure in the wrong unit: bytes where GiB belong) */
  { "\"memory_gib\": 141", "\"memory_gib\": 151397597184", "h200-sxm", "memory_gib" },
  /* not a whole number */
  { "\"rack_units\": 8,", "\"rack_units\": 8.5,", "dgx-h200", "rack_units" },
  /* a value outside its list */
  { "\"kind\": \"server\"", "\"kind\": \"blade\"", "dgx-h200", "kind" },
  /* a reference to a record that does not exist */
  { "\"gpu_id\": \"h200-sxm\"", "\"gpu_id\": \"h900-sxm\"", "dgx-h200", "gpu_id" },
  /* figures that contradict each other: 4+1 PSUs but six installed */
  { "\"psu_redundancy\": \"4+2\"", "\"psu_redundancy\": \"4+1\"", "dgx-h200", "psu_redundancy" },
  /* an unknown confidence level */
  { "\"confidence\": \"verified\"", "\"confidence\": \"sure\"", NULL, "confidence" },
  /* a source id no source record has */
  { "\n        \"S-sec-a100\",", "\n        \"S-nowhere\",", "a100-80gb-sxm", "S-nowhere" },
  /* an unsupported schema version */
  { "\"schema_version\": 1", "\"schema_version\": 99", NULL, "schema version" },
  /* a JSON object with the same key twice */
  { "{", "{\"a\": 1, \"a\": 2, ", NULL, "twice" },
  /* a section of the wrong type */
  { "\"site_equipment\": {", "\"site_equipment\": [], \"unused\": {", NULL, "site_equipment" },
  /* a member that must be an object, each where the catalog reads one:
   * the message names the record and the field */
  { "\"vendor\": {", "\"vendor\": \"ACME\", \"unused\": {", NULL, "field “vendor”: must be an object" },
  { "\"training\": {", "\"training\": 1, \"unused\": {", NULL, "field “training”: must be an object" },
  { "\"management_switch\": {", "\"management_switch\": [], \"unused\": {", "management_switch",
    "field “management_switch”: must be an object" },
  { "\"pdu\": {", "\"pdu\": true, \"unused\": {", "pdu", "field “pdu”: must be an object" },
  { "\"architecture\": {", "\"architecture\": 70, \"unused\": {", "llama-3.1-8b",
    "field “architecture”: must be an object" },
};

static void
test_defect_refused (gconstpointer data)
{
  const Defect *d = data;
  g_autofree char *text = builtin_text ();
  char *at = strstr (text, d->needle);
  g_autoptr(GString) spoiled = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;

  g_assert_nonnull (at);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, d->replacement);
  g_string_append (spoiled, at + strlen (d->needle));

  catalog = ts_catalog_new_from_data (spoiled->str, spoiled->len, "spoiled.json", &error);
  g_assert_null (catalog);
  g_assert_nonnull (error);
  if (strstr (error->message, d->expected) == NULL)
    g_error ("“%s” not in “%s”", d->expected, error->message);
  if (d->record != NULL && strstr (error->message, d->record) == NULL)
    g_error ("record “%s” not in “%s”", d->record, error->message);
  g_assert_nonnull (strstr (error->message, "spoiled.json"));
}

static void
test_duplicate_id_refused (void)
{
  g_autofree char *text = builtin_text ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  /* Rename DGX B200 to DGX H200's id: two records share it. */
  char *at = strstr (text, "\"id\": \"dgx-b200\"");
  g_autoptr(GString) spoiled = g_string_new (NULL);

  g_assert_nonnull (at);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, "\"id\": \"dgx-h200\"");
  g_string_append (spoiled, at + strlen ("\"id\": \"dgx-b200\""));

  catalog = ts_catalog_new_from_data (spoiled->str, spoiled->len, "dup.json", &error);
  g_assert_null (catalog);
  g_assert_nonnull (strstr (error->message, "dgx-h200"));
  g_assert_nonnull (strstr (error->message, "twice"));
}

/* ---- helpers ------------------------------------------------------------ */

/* The built-in catalog with the first needle replaced. */
static char *
spoil (const char *needle,
       const char *replacement)
{
  g_autofree char *text = builtin_text ();
  char *at = strstr (text, needle);
  GString *spoiled = g_string_new (NULL);

  if (at == NULL)
    g_error ("“%s” is not in the built-in catalog", needle);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, replacement);
  g_string_append (spoiled, at + strlen (needle));
  return g_string_free (spoiled, FALSE);
}

/* Loads the spoiled catalog and expects a refusal naming every string of
 * expected (NULL-terminated) and the file. */
static void
assert_refused (const char        *needle,
                const char        *replacement,
                const char *const *expected)
{
  g_autofree char *text = spoil (needle, replacement);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = ts_catalog_new_from_data (text, -1, "spoiled.json", &error);

  if (catalog != NULL)
    g_error ("“%s” → “%.60s…” was accepted", needle, replacement);
  g_assert_error (error, TS_ERROR, TS_ERROR_CATALOG);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "spoiled.json"));
  for (guint i = 0; expected[i] != NULL; i++)
    if (strstr (error->message, expected[i]) == NULL)
      g_error ("“%s” not in “%s”", expected[i], error->message);
}

static TsCatalog *
load_spoiled (const char *needle,
              const char *replacement)
{
  g_autofree char *text = spoil (needle, replacement);
  g_autoptr(GError) error = NULL;
  TsCatalog *catalog = ts_catalog_new_from_data (text, -1, "spoiled.json", &error);

  g_assert_no_error (error);
  return catalog;
}

/* ---- figures copied between records (issue 14, item 7) ------------------ */

/* Each figure the issue found copied from another record: it is now
 * either the record's own (it differs) or marked as an estimate with a
 * reason. */
static void
test_copied_figures_marked (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *id; const char *field; const char *donor; } copies[] = {
    { "dell-xe9680-h200", "max_power_kw", "dgx-h200" },
    { "smc-sys-821ge-tnhr", "max_power_kw", "dgx-h200" },
    { "smc-sys-821ge-tnhr", "psu_w", "dgx-h200" },
    { "smc-sys-821ge-tnhr", "psu_count", "dgx-h200" },
    { "smc-sys-821ge-tnhr", "weight_kg", "dgx-h200" },
    { "smc-sys-a22ga-nbrt", "max_power_kw", "dgx-b200" },
    { "smc-sys-a22ga-nbrt", "weight_kg", "dgx-b200" },
    { "dgx-b300", "psu_w", "dgx-b200" },
    { "dgx-b300", "psu_count", "dgx-b200" },
    { "dgx-b300", "weight_kg", "dgx-b200" },
    { "dgx-b300", "height_mm", "dgx-b200" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (copies); i++)
    {
      const TsServer *s = ts_catalog_find_server (catalog, copies[i].id);
      const TsServer *donor = ts_catalog_find_server (catalog, copies[i].donor);
      g_autoptr(JsonNode) a = NULL;
      double mine;
      double theirs;

      g_assert_nonnull (s);
      g_assert_nonnull (donor);
      if (strcmp (copies[i].field, "max_power_kw") == 0)
        mine = s->max_power_kw, theirs = donor->max_power_kw;
      else if (strcmp (copies[i].field, "psu_w") == 0)
        mine = s->psu_w, theirs = donor->psu_w;
      else if (strcmp (copies[i].field, "psu_count") == 0)
        mine = s->psu_count, theirs = donor->psu_count;
      else if (strcmp (copies[i].field, "height_mm") == 0)
        mine = s->height_mm, theirs = donor->height_mm;
      else
        mine = s->weight_kg, theirs = donor->weight_kg;

      if (mine == theirs && !ts_server_is_estimate (s, copies[i].field))
        g_error ("%s.%s is %s's figure and not marked as an estimate", copies[i].id, copies[i].field, copies[i].donor);
      if (ts_server_is_estimate (s, copies[i].field))
        g_assert_cmpuint (strlen (ts_provenance_get_estimate_reason (&s->prov, copies[i].field)), >, 10);
    }

  /* The donors' own figures are the vendor's (DGX user guides), not
   * estimates. */
  g_assert_false (ts_server_is_estimate (ts_catalog_find_server (catalog, "dgx-h200"), "max_power_kw"));
  g_assert_false (ts_server_is_estimate (ts_catalog_find_server (catalog, "dgx-b200"), "weight_kg"));

  /* SYS-A22GA-NBRT: the field system (2 × Xeon 6960P, 72 cores each)
   * rather than the article's “up to 128 cores” option. */
  g_assert_cmpuint (ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt")->cpu_cores_per_socket, ==, 72);
}

/* NVIDIA's B300 “288 GB” read as decimal: 288 × 10⁹ B = 268.2 GiB, which
 * the provider table's “270 GB” confirms; the fit verdict must not count
 * 288 GiB (309 × 10⁹ B). */
static void
test_b300_memory (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsGpu *b300 = ts_catalog_find_gpu (catalog, "b300");

  g_assert_nonnull (b300);
  g_assert_cmpfloat (b300->memory_bytes, <=, 288e9);
  g_assert_cmpfloat (b300->memory_bytes, >=, 268.0 * 1073741824.0);
  g_assert_true (ts_gpu_is_estimate (b300, "memory_gib"));
  /* the label stays the vendor's: 8 × 288 */
  g_assert_cmpfloat (ts_catalog_find_server (catalog, "dgx-b300")->gpu_memory_label_gb, ==, 2304);
}

/* ---- estimates ---------------------------------------------------------- */

static void
test_estimates_read (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsServer *smc = ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt");
  const TsServer *dgx = ts_catalog_find_server (catalog, "dgx-b200");
  guint n = 0;

  g_assert_true (ts_server_is_estimate (smc, "max_power_kw"));
  g_assert_nonnull (strstr (ts_provenance_get_estimate_reason (&smc->prov, "max_power_kw"), "DGX B200"));
  g_assert_false (ts_server_is_estimate (smc, "gpu_count"));
  g_assert_false (ts_server_is_estimate (dgx, "max_power_kw"));
  g_assert_null (ts_provenance_get_estimate_reason (&dgx->prov, "max_power_kw"));
  g_assert_false (ts_server_is_estimate (smc, NULL));

  /* the fields in the file's order, each with its reason */
  g_assert_nonnull (smc->prov.estimate_fields);
  for (n = 0; smc->prov.estimate_fields[n] != NULL; n++)
    g_assert_true (ts_server_is_estimate (smc, smc->prov.estimate_fields[n]));
  g_assert_cmpuint (n, ==, g_hash_table_size (smc->prov.estimates));

  /* no record with an estimate claims to be verified */
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *s = ts_catalog_get_server (catalog, i);

      if (s->prov.estimate_fields != NULL && s->prov.estimate_fields[0] != NULL)
        g_assert_cmpint (s->prov.confidence, !=, TS_CONFIDENCE_VERIFIED);
    }
}

static void
test_estimates_refused (void)
{
  const char *gpu = "\"id\": \"h200-sxm\",";  /* a record without estimates */

  /* a field the record does not have: a misspelling would mark nothing */
  assert_refused (gpu, "\"id\": \"h200-sxm\", \"estimates\": {\"memory_GiB\": \"guess\"},",
                  (const char *[]) { "h200-sxm", "estimates", "memory_GiB", NULL });
  /* not an object */
  assert_refused (gpu, "\"id\": \"h200-sxm\", \"estimates\": [\"memory_gib\"],",
                  (const char *[]) { "h200-sxm", "estimates", NULL });
  /* no reason */
  assert_refused (gpu, "\"id\": \"h200-sxm\", \"estimates\": {\"memory_gib\": \"\"},",
                  (const char *[]) { "h200-sxm", "memory_gib", NULL });
  /* a record's id is not a figure */
  assert_refused (gpu, "\"id\": \"h200-sxm\", \"estimates\": {\"id\": \"guess\"},",
                  (const char *[]) { "h200-sxm", "estimates", NULL });
  /* verified with an estimate */
  assert_refused ("\"id\": \"nvlink4\",", "\"id\": \"nvlink4\", \"estimates\": {\"bw_gb_s_per_gpu_bidir\": \"guess\"},",
                  (const char *[]) { "nvlink4", "confidence", NULL });
}

/* ---- NVLink domains ----------------------------------------------------- */

static void
test_nvlink_domains (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *id; guint domain; } servers[] = {
    { "dgx-h200", 8 },          /* NVSwitch: all eight */
    { "dgx-b200", 8 },
    { "gb200-nvl72", 72 },      /* one NVLink domain per rack */
    { "ws-1x-h200-nvl", 1 },
    { "ws-2x-h200-nvl", 2 },    /* a 2-way bridge */
    { "smc-sys-521ge-tnrt-4x-h200-nvl", 4 },  /* a 4-way bridge */
    { "smc-sys-521ge-tnrt-8x-h200-nvl", 4 },  /* two 4-way bridges */
    { "smc-sys-521ge-tnrt-8x-rtx-pro-6000", 1 },  /* PCIe only */
  };
  const TsServer *nvl8;

  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      const TsServer *s = ts_catalog_find_server (catalog, servers[i].id);

      g_assert_nonnull (s);
      if (s->nvlink_domain_gpus != servers[i].domain)
        g_error ("%s: domain of %u GPUs, want %u", servers[i].id, s->nvlink_domain_gpus, servers[i].domain);
      g_assert_cmpuint (s->gpu_count % s->nvlink_domain_gpus, ==, 0);
      /* more than one GPU per domain only over a training-capable link */
      g_assert_true (s->nvlink_domain_gpus == 1 || s->interconnect->training_capable);
    }

  /* tensor parallelism within a bridge, not across the two */
  nvl8 = ts_catalog_find_server (catalog, "smc-sys-521ge-tnrt-8x-h200-nvl");
  g_assert_cmpstr (nvl8->interconnect->id, ==, "nvlink4-bridge");
  g_assert_true (ts_server_tp_is_training_capable (nvl8, 1));
  g_assert_true (ts_server_tp_is_training_capable (nvl8, 4));
  g_assert_false (ts_server_tp_is_training_capable (nvl8, 8));
  g_assert_true (ts_server_tp_is_training_capable (ts_catalog_find_server (catalog, "dgx-b200"), 8));
  g_assert_false (ts_server_tp_is_training_capable (ts_catalog_find_server (catalog, "smc-sys-521ge-tnrt-8x-rtx-pro-6000"), 2));
}

/* Without the field: the whole server over NVLink, one GPU over PCIe. */
static void
test_nvlink_domain_default (void)
{
  g_autoptr(TsCatalog) dgx = load_spoiled ("\"interconnect_id\": \"nvlink4\",\n      \"nvlink_domain_gpus\": 8,",
                                           "\"interconnect_id\": \"nvlink4\",");
  g_autoptr(TsCatalog) pcie = load_spoiled ("\"interconnect_id\": \"pcie5-x16\",\n      \"nvlink_domain_gpus\": 1,",
                                            "\"interconnect_id\": \"pcie5-x16\",");

  g_assert_cmpuint (ts_catalog_find_server (dgx, "dgx-h200")->nvlink_domain_gpus, ==, 8);
  g_assert_cmpuint (ts_catalog_find_server (pcie, "ws-1x-rtx-pro-6000")->nvlink_domain_gpus, ==, 1);
}

static void
test_nvlink_domain_refused (void)
{
  /* 3 does not divide 8 */
  assert_refused ("\"nvlink_domain_gpus\": 8,", "\"nvlink_domain_gpus\": 3,",
                  (const char *[]) { "dgx-h200", "nvlink_domain_gpus", NULL });
  /* more than the server has */
  assert_refused ("\"nvlink_domain_gpus\": 8,", "\"nvlink_domain_gpus\": 16,",
                  (const char *[]) { "dgx-h200", "nvlink_domain_gpus", NULL });
  /* an NVLink domain over PCIe */
  assert_refused ("\"interconnect_id\": \"nvlink4-bridge\",", "\"interconnect_id\": \"pcie5-x16\",",
                  (const char *[]) { "ws-2x-h200-nvl", "nvlink_domain_gpus", NULL });
}

/* ---- the PDU ------------------------------------------------------------ */

static void
test_pdu (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsPdu *pdu = ts_catalog_get_pdu (catalog);

  g_assert_nonnull (pdu);
  g_assert_cmpuint (pdu->phases, ==, 3);
  g_assert_cmpfloat (pdu->input_voltage_v, ==, 400);   /* IEC 60038: 230/400 V */
  g_assert_cmpfloat (pdu->amps_per_phase, ==, 32);
  /* √3 × 400 V × 32 A = 1.7320508 × 12,800 W = 22,170.25 W */
  g_assert_cmpfloat_with_epsilon (pdu->capacity_kw, 22.17, 0.01);
  g_assert_cmpuint (pdu->rack_units, ==, 0);
  g_assert_cmpuint (pdu->per_rack, ==, 2);
  /* a DGX cord is C19/C20: the strip must have C19 outlets */
  g_assert_cmpuint (pdu->outlets_c19, >, 0);
  g_assert_true (ts_provenance_is_estimate (&pdu->prov, "outlets_c19"));
}

static void
test_pdu_refused (void)
{
  /* more than √3 × 400 × 32 = 22.2 kW from a 32 A three-phase input */
  assert_refused ("\"capacity_kw\": 22.17,", "\"capacity_kw\": 30,",
                  (const char *[]) { "pdu", "capacity_kw", NULL });
  assert_refused ("\"phases\": 3,", "\"phases\": 2,", (const char *[]) { "pdu", "phases", NULL });
  assert_refused ("\"amps_per_phase\": 32,", "\"amps_per_phase\": \"32 A\",",
                  (const char *[]) { "pdu", "amps_per_phase", NULL });
}

/* A word-valued field takes one of its words whole (the catalog format:
 * kind server, rack or workstation; cooling air, liquid or hybrid): not
 * a prefix of one, one with more after it, two joined by “|”, nor
 * another field's word. */
static void
test_words_refused (void)
{
  const char *const kind[] = { "kind", "“server”, “rack” or “workstation”", NULL };
  const char *const cooling[] = { "cooling", "“air”, “liquid” or “hybrid”", NULL };
  g_autoptr(TsCatalog) workstation = load_spoiled ("\"kind\": \"server\",", "\"kind\": \"workstation\",");
  g_autoptr(TsCatalog) hybrid = load_spoiled ("\"cooling\": \"air\",", "\"cooling\": \"hybrid\",");

  g_assert_nonnull (workstation);
  g_assert_nonnull (hybrid);
  assert_refused ("\"kind\": \"server\",", "\"kind\": \"serve\",", kind);
  assert_refused ("\"kind\": \"server\",", "\"kind\": \"servers\",", kind);
  assert_refused ("\"kind\": \"server\",", "\"kind\": \"rack|workstation\",", kind);
  assert_refused ("\"kind\": \"server\",", "\"kind\": \"air\",", kind);
  assert_refused ("\"cooling\": \"air\",", "\"cooling\": \"ai\",", cooling);
  assert_refused ("\"cooling\": \"air\",", "\"cooling\": \"air|liquid\",", cooling);
}

/* ---- compute NICs (issue 14, item 4) ------------------------------------ */

/* East-west ports per server, each from its source; every built-in server
 * must be listed, so a new one needs its count checked here too. */
static void
test_compute_nics (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *id; guint nics; } counts[] = {
    { "dgx-h200", 8 },            /* user guide: 8 × single-port ConnectX-7 */
    { "dgx-h100", 8 },
    { "dgx-b200", 8 },
    { "dgx-b300", 8 },            /* 8 × ConnectX-8 (HGX RA B300 “2-8-9-800”) */
    { "gb200-nvl72", 72 },        /* 18 trays × 4 ConnectX-7 */
    { "smc-sys-a22ga-nbrt", 8 },  /* field system: 8 × ConnectX-7 (+ 1 for storage) */
    { "smc-sys-821ge-tnhr", 8 },
    { "dell-xe9680-h200", 8 },    /* MLPerf configuration: 8 × 400 Gb IB */
    { "smc-as-8125gs-tnmr2", 8 },
    { "huawei-atlas-800t-a2", 8 },  /* the article: eight 200GE RoCE ports */
    { "smc-sys-521ge-tnrt-4x-rtx-pro-6000", 2 },  /* RA “2-4-3”: 2 east-west + 1 north-south */
    { "smc-sys-521ge-tnrt-8x-rtx-pro-6000", 4 },  /* RA “2-8-5”: 4 east-west + 1 north-south */
    { "smc-sys-521ge-tnrt-4x-h200-nvl", 2 },
    { "smc-sys-521ge-tnrt-8x-h200-nvl", 4 },
    { "ws-1x-rtx-pro-6000", 0 },  /* stand-alone workstations */
    { "ws-2x-rtx-pro-6000", 0 },
    { "ws-1x-h200-nvl", 0 },
    { "ws-2x-h200-nvl", 0 },
    { "ws-1x-a100-40gb-pcie", 0 },  /* a card a customer owns: no cluster NIC */
    { "ws-1x-a100-80gb-pcie", 0 },
    { "ws-1x-rtx-4090", 0 },
    { "ws-1x-rtx-5090", 0 },
    { "ws-1x-rtx-6000-ada", 0 },
    { "ws-1x-l40s", 0 },
  };

  guint real = 0;

  /* the one-GPU records the catalog derives are no products of their own */
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    real += ts_catalog_get_server (catalog, i)->one_gpu_of == NULL;
  g_assert_cmpuint (real, ==, G_N_ELEMENTS (counts));
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      const TsServer *s = ts_catalog_find_server (catalog, counts[i].id);

      g_assert_nonnull (s);
      if (s->compute_nic_count != counts[i].nics)
        g_error ("%s: %u compute NICs, the source says %u", counts[i].id, s->compute_nic_count, counts[i].nics);
    }
}

/* ---- text (issue 15, item 13) ------------------------------------------- */

/* Characters that reorder or restyle text where it is shown: each one in
 * a server name, a vendor and the notes, written raw and as a JSON
 * escape. */
static void
test_hidden_controls_refused (void)
{
  const struct { const char *what; const char *raw; const char *escaped; const char *code; } marks[] = {
    { "right-to-left override", "\xe2\x80\xae", "\\u202e", "U+202E" },
    { "left-to-right mark", "\xe2\x80\x8e", "\\u200e", "U+200E" },
    { "right-to-left mark", "\xe2\x80\x8f", "\\u200f", "U+200F" },
    { "left-to-right isolate", "\xe2\x81\xa6", "\\u2066", "U+2066" },
    { "pop directional isolate", "\xe2\x81\xa9", "\\u2069", "U+2069" },
    { "escape", NULL, "\\u001b", "U+001B" },
    { "bell", NULL, "\\u0007", "U+0007" },
    { "line feed", NULL, "\\n", "U+000A" },
    { "next line (C1)", "\xc2\x85", "\\u0085", "U+0085" },
    { "CSI (C1)", "\xc2\x9b", "\\u009b", "U+009B" },
  };
  const struct { const char *needle; const char *field; } places[] = {
    { "\"name\": \"NVIDIA DGX H200\"", "name" },
    { "\"vendor\": \"NVIDIA\",\n      \"kind\": \"server\"", "vendor" },
    { "\"notes\": \"Article: 8 × H200 SXM", "notes" },
  };

  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    for (guint p = 0; p < G_N_ELEMENTS (places); p++)
      for (guint form = 0; form < 2; form++)
        {
          const char *mark = form == 0 ? marks[m].raw : marks[m].escaped;
          const char *colon = strchr (places[p].needle, ':');
          g_autofree char *head = g_strndup (places[p].needle, colon + 3 - places[p].needle);  /* up to the opening quote */
          g_autofree char *replacement = NULL;

          if (mark == NULL)
            continue;   /* a raw C0 control is refused by the JSON reader already */
          replacement = g_strconcat (head, mark, colon + 3, NULL);
          assert_refused (places[p].needle, replacement,
                          (const char *[]) { "dgx-h200", places[p].field, marks[m].code, NULL });
        }
}

static void
test_long_text_refused (void)
{
  g_autofree char *long_name = g_strnfill (20000, 'N');
  g_autofree char *long_vendor = g_strnfill (3000, 'V');
  g_autofree char *long_notes = g_strnfill (TS_CATALOG_MAX_TEXT_CHARS + 1, 'n');
  g_autofree char *name_at_limit = g_strnfill (TS_CATALOG_MAX_NAME_CHARS, 'N');
  g_autofree char *notes_at_limit = g_strnfill (TS_CATALOG_MAX_TEXT_CHARS, 'n');
  g_autofree char *r1 = g_strdup_printf ("\"name\": \"%s\"", long_name);
  g_autofree char *r2 = g_strdup_printf ("\"vendor\": \"%s\",\n      \"kind\": \"server\"", long_vendor);
  g_autofree char *r3 = g_strdup_printf ("\"notes\": \"%s", long_notes);
  g_autofree char *ok1 = g_strdup_printf ("\"name\": \"%s\"", name_at_limit);
  g_autofree char *ok2 = g_strdup_printf ("\"notes\": \"%s\", \"_\": \"", notes_at_limit);
  g_autoptr(TsCatalog) at_limit = NULL;
  g_autoptr(TsCatalog) notes_ok = NULL;
  /* “ü” is two bytes and one character: the limit counts characters */
  GString *umlauts = g_string_new ("\"name\": \"");

  for (guint i = 0; i < TS_CATALOG_MAX_NAME_CHARS; i++)
    g_string_append (umlauts, "ü");
  g_string_append_c (umlauts, '"');

  assert_refused ("\"name\": \"NVIDIA DGX H200\"", r1, (const char *[]) { "dgx-h200", "name", "200", NULL });
  assert_refused ("\"vendor\": \"NVIDIA\",\n      \"kind\": \"server\"", r2, (const char *[]) { "dgx-h200", "vendor", NULL });
  assert_refused ("\"notes\": \"Article: 8 × H200 SXM", r3, (const char *[]) { "dgx-h200", "notes", "4000", NULL });

  at_limit = load_spoiled ("\"name\": \"NVIDIA DGX H200\"", ok1);
  g_assert_cmpuint (strlen (ts_catalog_find_server (at_limit, "dgx-h200")->name), ==, TS_CATALOG_MAX_NAME_CHARS);
  g_clear_pointer (&at_limit, ts_catalog_unref);
  at_limit = load_spoiled ("\"name\": \"NVIDIA DGX H200\"", umlauts->str);
  g_assert_cmpuint (g_utf8_strlen (ts_catalog_find_server (at_limit, "dgx-h200")->name, -1), ==, TS_CATALOG_MAX_NAME_CHARS);
  g_string_free (umlauts, TRUE);
  /* the old notes text moves into an unread key; the notes are at the limit */
  notes_ok = load_spoiled ("\"notes\": \"Article: 8 × H200 SXM", ok2);
  g_assert_cmpuint (strlen (ts_catalog_find_server (notes_ok, "dgx-h200")->prov.notes), ==, TS_CATALOG_MAX_TEXT_CHARS);
}

/* A full catalog with a section nobody reads, or two MFU rows for one
 * family and precision. */
static void
test_sections_refused (void)
{
  assert_refused ("\"schema_version\": 1,", "\"schema_version\": 1, \"servrs\": [],",
                  (const char *[]) { "servrs", "section", NULL });
  assert_refused ("\"mfu_defaults\": [", "\"mfu_defaults\": [{\"family\": \"hopper\", \"precision\": \"bf16\", \"mfu\": 0.5, \"source\": [\"S-derived\"]},",
                  (const char *[]) { "mfu_defaults", "hopper", "precision", NULL });
}

static void
test_overlay_replaces_and_adds (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ts-test-overlay.json", NULL);
  const char *overlay =
    "{ \"servers\": [ ] ,"
    "  \"vendor\": { \"name\": \"Acme\", \"quote_email\": \"quotes@acme.example\" } }";
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;

  g_assert_true (g_file_set_contents (path, overlay, -1, NULL));
  catalog = ts_catalog_new_with_overlay (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_catalog_get_quote_email (catalog), ==, "quotes@acme.example");
  g_assert_nonnull (ts_catalog_find_server (catalog, "dgx-b200"));
  g_unlink (path);
}

/* The records as JSON (what `list … --format json` prints): one object
 * per record, in the catalog's order, with the figures of the record. */
static void
test_records_to_json (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(JsonNode) models = ts_catalog_models_to_json (catalog);
  g_autoptr(JsonNode) servers = ts_catalog_servers_to_json (catalog);
  g_autoptr(JsonNode) gpus = ts_catalog_gpus_to_json (catalog);
  JsonObject *server;
  JsonObject *gpu;

  g_assert_cmpuint (json_array_get_length (json_node_get_array (models)), ==, ts_catalog_get_n_models (catalog));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (servers)), ==, ts_catalog_get_n_servers (catalog));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (gpus)), ==, ts_catalog_get_n_gpus (catalog));

  server = json_array_get_object_element (json_node_get_array (servers), 0);
  g_assert_cmpstr (json_object_get_string_member (server, "id"), ==, ts_catalog_get_server (catalog, 0)->id);
  g_assert_cmpfloat (json_object_get_double_member (server, "gpu_count"), ==, ts_catalog_get_server (catalog, 0)->gpu_count);
  gpu = json_array_get_object_element (json_node_get_array (gpus), 0);
  g_assert_cmpstr (json_object_get_string_member (gpu, "id"), ==, ts_catalog_get_gpu (catalog, 0)->id);
  g_assert_cmpfloat (json_object_get_double_member (gpu, "memory_bytes"), ==, ts_catalog_get_gpu (catalog, 0)->memory_bytes);
}

/* Every GPU sold only in its server (issue 27 item 4) can be asked
 * about as one GPU: the catalog derives “1x-<gpu>” from the first server
 * that holds it — one GPU, at most one server, the server's power, space
 * and price (the whole server runs and is bought), its memory label per
 * GPU. A PCIe card has its own one-card workstation instead; a GPU no
 * server holds gets nothing. */
static void
test_one_gpu_of_server (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint derived = 0;

  for (guint g = 0; g < ts_catalog_get_n_gpus (catalog); g++)
    {
      const TsGpu *gpu = ts_catalog_get_gpu (catalog, g);
      g_autofree char *id = g_strconcat ("1x-", gpu->id, NULL);
      const TsServer *one = ts_catalog_find_server (catalog, id);
      const TsServer *host = NULL;
      gboolean single = FALSE;

      for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
        {
          const TsServer *s = ts_catalog_get_server (catalog, i);

          if (s->one_gpu_of != NULL || g_strcmp0 (s->gpu_id, gpu->id) != 0)
            continue;
          single |= s->gpu_count == 1;
          if (host == NULL)
            host = s;
        }
      if (g_strcmp0 (gpu->form_factor, "PCIe") == 0 || host == NULL || single)
        {
          g_assert_null (one);
          continue;
        }
      g_assert_nonnull (one);
      g_assert_cmpstr (one->one_gpu_of, ==, host->id);
      g_assert_cmpuint (one->gpu_count, ==, 1);
      g_assert_cmpuint (one->max_servers, ==, 1);
      g_assert_false (one->article);
      g_assert_true (one->gpu == gpu);
      g_assert_cmpfloat (one->max_power_kw, ==, host->max_power_kw);
      g_assert_cmpuint (one->rack_units, ==, host->rack_units);
      g_assert_cmpfloat (one->price_usd, ==, host->price_usd);
      g_assert_cmpfloat (one->gpu_memory_label_gb * host->gpu_count, ==, host->gpu_memory_label_gb);
      g_assert_nonnull (strstr (one->name, host->name));
      derived++;
    }
  /* H100, H200, B200, B300, GB200, MI300X, Ascend 910B in the catalog's servers */
  g_assert_cmpuint (derived, >=, 7);
  g_assert_nonnull (ts_catalog_find_server (catalog, "1x-h100-sxm"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/catalog/article-servers", test_article_servers);
  g_test_add_func ("/catalog/article-models", test_article_models);
  for (guint i = 0; i < G_N_ELEMENTS (defects); i++)
    {
      g_autofree char *name = g_strdup_printf ("/catalog/defect/%u-%s", i, defects[i].expected);

      g_strdelimit (name + strlen ("/catalog/defect/"), " /", '-');
      g_test_add_data_func (name, &defects[i], test_defect_refused);
    }
  g_test_add_func ("/catalog/duplicate-id", test_duplicate_id_refused);
  g_test_add_func ("/catalog/overlay", test_overlay_replaces_and_adds);
  g_test_add_func ("/catalog/copied-figures-marked", test_copied_figures_marked);
  g_test_add_func ("/catalog/b300-memory", test_b300_memory);
  g_test_add_func ("/catalog/estimates/read", test_estimates_read);
  g_test_add_func ("/catalog/estimates/refused", test_estimates_refused);
  g_test_add_func ("/catalog/nvlink-domain/builtin", test_nvlink_domains);
  g_test_add_func ("/catalog/nvlink-domain/default", test_nvlink_domain_default);
  g_test_add_func ("/catalog/nvlink-domain/refused", test_nvlink_domain_refused);
  g_test_add_func ("/catalog/pdu", test_pdu);
  g_test_add_func ("/catalog/pdu/refused", test_pdu_refused);
  g_test_add_func ("/catalog/words-refused", test_words_refused);
  g_test_add_func ("/catalog/compute-nics", test_compute_nics);
  g_test_add_func ("/catalog/one-gpu-of-server", test_one_gpu_of_server);
  g_test_add_func ("/catalog/text/hidden-controls", test_hidden_controls_refused);
  g_test_add_func ("/catalog/text/too-long", test_long_text_refused);
  g_test_add_func ("/catalog/sections-refused", test_sections_refused);
  g_test_add_func ("/catalog/records-to-json", test_records_to_json);
  return g_test_run ();
}
