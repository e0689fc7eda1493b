/* ts-catalog-private.h — what the parts of the catalog share: the
 * TsCatalog structure, the Reader that names every error's place, and the
 * helpers one part defines for another. Not installed, not for callers
 * outside src/engine/catalog/ts-catalog*.c; they use ts-catalog.h.
 *
 * The parts and who calls whom (no circles):
 *   ts-catalog.c           the public constructors: → loader, overlay
 *   ts-catalog-overlay.c   a user file over the built-in one: → loader, reader
 *   ts-catalog-loader.c    one file as a whole: → records, reader, accessors
 *   ts-catalog-records.c   kinds of record, sections: → reader
 *   ts-catalog-reader.c    fields, provenance: → nothing of the catalog
 *   ts-catalog-accessors.c getters, finders, ref/unref: → reader (provenance_clear)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"

G_BEGIN_DECLS

struct _TsCatalog
{
  gatomicrefcount  ref_count;
  char            *name;
  char            *version;
  char            *base_version;   /* the built-in one under an overlay */
  char            *vendor_name;
  char            *vendor_logo;     /* PNG path, relative ones resolved against the catalog file */
  char            *quote_email;
  double           btu_h_per_kw;
  double           btu_h_per_ton;
  double           mm_per_u;
  double           availability_factor;
  double           pcie_mfu_factor;
  GArray          *sources;        /* TsSource */
  GArray          *models;         /* TsCatalogModel */
  GArray          *gpus;           /* TsGpu */
  GArray          *servers;        /* TsServer */
  GArray          *interconnects;  /* TsInterconnect */
  GArray          *networks;       /* TsNetwork */
  GArray          *mfu;            /* TsMfuDefault */
  GArray          *storage_systems; /* TsStorageSystem (optional section) */
  GArray          *cdus;           /* TsCdu (optional section) */
  GArray          *parts;          /* TsPart (optional section) */
  gboolean         has_management_switch;
  TsManagementSwitch management_switch;
  gboolean         has_pdu;
  TsPdu            pdu;
  /* id → record, so that linking and the finders stay linear in the
   * catalog's size (a user catalog may hold tens of thousands of
   * servers) */
  GHashTable      *models_by_id;
  GHashTable      *gpus_by_id;
  GHashTable      *servers_by_id;
  GHashTable      *interconnects_by_id;
  GHashTable      *networks_by_id;
  GHashTable      *storage_systems_by_id;
  GHashTable      *cdus_by_id;
  GHashTable      *parts_by_id;
  GHashTable      *mfu_by_key;     /* "family\x1fprecision" → TsMfuDefault */
  char            *unused_note;    /* what a user's file sets that no figure reads */
};

/* Where a value is read from, so that every error names the file, the
 * record and the field. */
typedef struct
{
  const char  *file;
  const char  *section;
  const char  *id;
  GHashTable  *origins;  /* JsonObject* → file name, for overlays */
  GHashTable  *source_ids;
  GError     **error;
  gboolean     failed;
} Reader;

/* ---- ts-catalog-reader.c ------------------------------------------------ */


typedef enum
{
  FIELD_STRING,
  FIELD_STRINGS,  /* a list of strings: char ** */
  FIELD_NUMBER,   /* double */
  FIELD_UINT,
  FIELD_BOOL,
  FIELD_MLP,      /* TsMlpKind by name */
} FieldKind;

typedef enum
{
  FIELD_REQUIRED     = 1 << 0,
  FIELD_NAMES_RECORD = 1 << 1,  /* its text names the record in errors */
} FieldFlags;

/* One field of a record as a catalog file has it. */
typedef struct
{
  const char *key;
  FieldKind   kind;
  gsize       offset;    /* G_STRUCT_OFFSET into the record */
  FieldFlags  flags;
  double      min;       /* numbers: the range */
  double      max;
  const char *choices;   /* NULL, or the values allowed, “|” between them */
  const char *refusal;   /* marked for translation: why a value not in choices is refused */
} RecordField;

/* One kind of record: its section, its fields, and what the table
 * cannot say. */
typedef struct
{
  const char        *section;
  gsize              size;
  const RecordField *fields;
  guint              n_fields;
  gssize             provenance_offset;  /* of its TsProvenance; -1: none */
  void             (*finish) (Reader *r, JsonObject *obj, gpointer record);  /* NULL: nothing */
  GDestroyNotify     clear;
  gboolean           check_ids;          /* the first field is an id, unique in the section */
  gboolean           optional;           /* a catalog may leave the section out */
} RecordKind;

/* ts-catalog-reader.c */
G_GNUC_INTERNAL
void _ts_catalog_reader_fail (Reader *r, const char *field, const char *problem);
G_GNUC_INTERNAL
JsonNode *_ts_catalog_member (Reader *r, JsonObject *obj, const char *field, gboolean required);
/* A member that must be an object: NULL when it is missing (refused when
 * required) or is not an object (refused). */
G_GNUC_INTERNAL
JsonObject *_ts_catalog_object_member (Reader *r, JsonObject *obj, const char *field, gboolean required);
G_GNUC_INTERNAL
gboolean _ts_catalog_check_text (Reader *r, const char *field, const char *text);
G_GNUC_INTERNAL
char *_ts_catalog_read_string (Reader *r, JsonObject *obj, const char *field, gboolean required);
G_GNUC_INTERNAL
double _ts_catalog_read_number (Reader *r, JsonObject *obj, const char *field, double min, double max, gboolean required);
G_GNUC_INTERNAL
guint _ts_catalog_read_uint (Reader *r, JsonObject *obj, const char *field, guint min, guint max, gboolean required);
G_GNUC_INTERNAL
gboolean _ts_catalog_read_bool (Reader *r, JsonObject *obj, const char *field, gboolean required);
G_GNUC_INTERNAL
char **_ts_catalog_read_string_array (Reader *r, JsonObject *obj, const char *field, gboolean required);
G_GNUC_INTERNAL
void _ts_catalog_read_provenance (Reader *r, JsonObject *obj, TsProvenance *prov);
G_GNUC_INTERNAL
void _ts_catalog_provenance_clear (TsProvenance *prov);

/* ts-catalog-records.c */
/* Reads fields in order until the first defect. */
G_GNUC_INTERNAL
void _ts_catalog_read_fields (Reader *r, JsonObject *obj, gpointer record, const RecordField *fields, guint n_fields);
G_GNUC_INTERNAL
GArray *_ts_catalog_read_section (Reader *r, JsonObject *root, const RecordKind *kind);
/* A deep copy of a record of the kind (dest is overwritten). */
G_GNUC_INTERNAL
void _ts_catalog_record_copy (const RecordKind *kind, gpointer dest, gconstpointer src);

G_GNUC_INTERNAL extern const RecordKind _ts_catalog_source_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_model_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_interconnect_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_network_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_gpu_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_server_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_mfu_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_storage_system_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_cdu_records;
G_GNUC_INTERNAL extern const RecordKind _ts_catalog_part_records;

/* ---- ts-catalog-loader.c ------------------------------------------------ */

/* Every key a catalog file may have at its top level. */
static const char *const record_sections[] = {
  "sources", "models", "gpus", "servers", "interconnects", "networks", "mfu_defaults",
  "storage_systems", "cdus", "parts",
};
static const char *const object_sections[] = { "vendor", "constants", "training", "site_equipment" };

G_GNUC_INTERNAL
void _ts_catalog_check_sections (Reader *r, JsonObject *root);
G_GNUC_INTERNAL
TsCatalog *_ts_catalog_catalog_from_node (JsonNode *root, const char *name, GHashTable *origins, GError **error);
G_GNUC_INTERNAL
GBytes *_ts_catalog_lookup_builtin (GError **error);
G_GNUC_INTERNAL
JsonNode *_ts_catalog_builtin_root (GError **error);

/* ---- ts-catalog-accessors.c --------------------------------------------- */

#define MFU_KEY_SIZE (2 * 4 * TS_CATALOG_MAX_NAME_CHARS + 2)  /* 4 bytes per character at most */

G_GNUC_INTERNAL
gboolean _ts_catalog_mfu_key (const char *family, const char *precision, char *key, gsize size);

G_GNUC_INTERNAL void ts_catalog_resolve_vendor_logo (TsCatalog  *self,
                                                    const char *catalog_path);

G_END_DECLS
