// refcounts.c — counts swift_retain and swift_release calls by object and by thread.
//
// Reference counts are atomic: two cores counting on one object wait for each other
// at every count, which callgrind cannot see (it runs threads one at a time). Preload
// this into a *dynamically linked* beagle-run (a static build calls the runtime
// directly, past any preload) to find the objects two threads count on at once:
//
//   gcc -O2 -shared -fPIC -o /tmp/refcounts.so Benchmarks/Tools/refcounts.c -ldl -lpthread
//   export REFCOUNTS_OUT=/tmp/refcounts.txt
//   LD_PRELOAD=/tmp/refcounts.so .build/release/beagle-run check SCREEN.json
//   python3 Benchmarks/Tools/refcounts.py /tmp/refcounts.txt
//
// Each thread counts in a table of its own (no lock on the counting path). An object is
// told apart by its address and its type (an address reused by an object of the same
// type is counted as one). A table holds 2^18 objects; past that, objects are counted
// in the thread's total only. At exit the totals, and every object counted at least
// 200 times by a thread, are written to $REFCOUNTS_OUT with their type names and the
// first and last time (CLOCK_MONOTONIC, in nanoseconds) the thread counted on them.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { tableBits = 18, tableSize = 1 << tableBits, probes = 64, reported = 200 };

typedef struct {
  void *object;
  void *type;
  uint64_t count, first, last;
} Entry;

typedef struct Table {
  Entry *entries;
  long thread;
  uint64_t total;
  struct Table *next;
} Table;

static Table *tables;
static pthread_mutex_t tablesLock = PTHREAD_MUTEX_INITIALIZER;
static __thread Table *threadTable;
static void *(*realRetain)(void *);
static void (*realRelease)(void *);

static uint64_t now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

static void count(void *object) {
  if ((uintptr_t)object < 4096) return;  // nil, or a tagged value
  Table *table = threadTable;
  if (!table) {
    table = calloc(1, sizeof(Table));
    if (!table || !(table->entries = calloc(tableSize, sizeof(Entry)))) abort();
    table->thread = syscall(SYS_gettid);
    pthread_mutex_lock(&tablesLock);
    table->next = tables;
    tables = table;
    pthread_mutex_unlock(&tablesLock);
    threadTable = table;
  }
  table->total++;
  void *type = *(void **)object;
  uintptr_t hash = (((uintptr_t)object >> 4) ^ ((uintptr_t)type >> 3)) * 0x9E3779B97F4A7C15u;
  size_t slot = hash >> (64 - tableBits);
  for (int probe = 0; probe < probes; probe++, slot = (slot + 1) & (tableSize - 1)) {
    Entry *entry = &table->entries[slot];
    if (entry->object == object && entry->type == type) {
      if ((++entry->count & 63) == 0) entry->last = now();
      return;
    }
    if (!entry->object) {
      *entry = (Entry){object, type, 1, now(), now()};
      return;
    }
  }
}

void *swift_retain(void *object) {
  if (!realRetain) realRetain = (void *(*)(void *))dlsym(RTLD_NEXT, "swift_retain");
  count(object);
  return realRetain(object);
}

void swift_release(void *object) {
  if (!realRelease) realRelease = (void (*)(void *))dlsym(RTLD_NEXT, "swift_release");
  count(object);
  realRelease(object);
}

typedef struct {
  const char *data;
  uintptr_t length;
} TypeName;

__attribute__((destructor)) static void report(void) {
  const char *path = getenv("REFCOUNTS_OUT");
  if (!path) return;
  FILE *file = fopen(path, "w");
  if (!file) return;
  TypeName (*typeName)(void *, int) =
      (TypeName(*)(void *, int))dlsym(RTLD_DEFAULT, "swift_getTypeName");
  for (Table *table = tables; table; table = table->next)
    fprintf(file, "TOTAL %ld %llu\n", table->thread, (unsigned long long)table->total);
  for (Table *table = tables; table; table = table->next) {
    for (size_t slot = 0; slot < tableSize; slot++) {
      Entry *entry = &table->entries[slot];
      if (!entry->object || entry->count < reported) continue;
      char name[256] = "?";
      if (typeName) {
        TypeName found = typeName(entry->type, 1);
        if (found.data) {
          size_t length = found.length < sizeof name - 1 ? found.length : sizeof name - 1;
          memcpy(name, found.data, length);
          name[length] = 0;
        }
      }
      fprintf(file, "%ld %p:%p %llu %llu %llu %s\n", table->thread, entry->object, entry->type,
              (unsigned long long)entry->count, (unsigned long long)entry->first,
              (unsigned long long)entry->last, name);
    }
  }
  fclose(file);
}
