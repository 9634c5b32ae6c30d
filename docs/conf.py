# Sphinx configuration of the cubling book.
#
# The API reference comes from Doxygen's XML through Breathe; docs/build.cmake
# runs Doxygen first and passes the XML folder in CUBLING_DOXYGEN_XML. The
# measured tables come from figures/data/*.csv through the local extension
# docs/_ext/cubling_data.py. The build runs with -W -n: any warning, and any
# reference that does not resolve, fails it.
import os
import sys
import warnings

# Breathe 4.35 still hands Sphinx 7 paths as strings; that is its business, not a problem in the docs.
warnings.filterwarnings("ignore", category=DeprecationWarning, module="breathe")
warnings.filterwarnings("ignore", message=".*pathlib.Path.*")

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "_ext"))

project = "cubling"
author = "the cubling authors"
copyright = "the cubling authors"
version = release = "0.1.0"

extensions = ["breathe", "cubling_data", "cubling_code"]

# --- Breathe ------------------------------------------------------------------
breathe_projects = {
    "cubling": os.environ.get(
        "CUBLING_DOXYGEN_XML", os.path.join(here, "..", "build", "nogpu", "docs", "xml")
    )
}
breathe_default_project = "cubling"
breathe_domain_by_extension = {"h": "c", "cuh": "cpp"}
breathe_show_include = True
breathe_show_define_initializer = False

# --- cubling_data -------------------------------------------------------------
# Where :cubling-value:`chNN_name ...` finds chNN_name.csv (relative to this file).
cubling_data_dir = os.path.join("..", "figures", "data")

# --- Sphinx -------------------------------------------------------------------
primary_domain = "cpp"
highlight_language = "cuda"
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store", "**/.ipynb_checkpoints"]
templates_path = []
html_static_path = ["_static"]
html_theme = "alabaster"
html_title = "cubling"
html_theme_options = {
    "description": "CUB's primitives, rebuilt chapter by chapter",
    "fixed_sidebar": True,
    # 1380 - 220 - 2 * 30 px of padding: a text column of 1100 px, in which a listing of
    # 120 columns (the sources' width) fits at 14 px without scrolling sideways.
    "page_width": "1380px",
    "sidebar_width": "220px",
    "code_font_size": "14px",
}
html_show_sourcelink = False
html_last_updated_fmt = None  # no dates: the same sources give the same site
numfig = True
numfig_format = {"figure": "Figure %s", "table": "Table %s", "code-block": "Listing %s"}

# Names that come from outside cubling: the CUDA runtime, the C and C++
# standard libraries and libcu++. There is nothing in these docs to link them to.
nitpicky = True
nitpick_ignore = [
    # Breathe links the namespace part of cubling::X, and Sphinx cannot declare a namespace.
    ("cpp:identifier", "cubling"),
    # The same for cubling::detail::X (functions, variables and enums of the dispatch layer).
    ("cpp:identifier", "cubling::detail"),
    # And for cubling::internal::X (the thread scans, in CUB's namespace for them).
    ("cpp:identifier", "cubling::internal"),
    ("c:identifier", "cudaError_t"),
    ("c:identifier", "cudaStream_t"),
    ("c:identifier", "size_t"),
    ("c:identifier", "int64_t"),
    ("c:identifier", "uint64_t"),
    ("c:identifier", "int32_t"),
    ("c:identifier", "uint32_t"),
    ("cpp:identifier", "cudaError_t"),
    ("cpp:identifier", "cudaStream_t"),
    ("cpp:identifier", "dim3"),
    # The CUDA runtime's shared-memory bank setting (BlockRadixRank's SMEM_CONFIG).
    ("cpp:identifier", "cudaSharedMemConfig"),
    ("cpp:identifier", "cudaSharedMemBankSizeFourByte"),
    # cubling::warp_threads, named from the chapter pages' own scopes (cpp:namespace-push).
    ("cpp:identifier", "warp_threads"),
    ("cpp:identifier", "size_t"),
    ("cpp:identifier", "int64_t"),
    ("cpp:identifier", "uint64_t"),
    ("cpp:identifier", "int32_t"),
    ("cpp:identifier", "uint32_t"),
]
nitpick_ignore_regex = [
    (r"cpp:identifier", r"(::)?cuda(::.*)?"),  # libcu++: cuda::std::..., ::cuda::std::...
    # BlockRadixSort's private SFINAE alias, the return type of its decomposer overloads.
    (r"cpp:identifier", r"if_decomposer_t<.*>"),
    (r"cpp:identifier", r"std(::.*)?"),
    (r"cpp:identifier", r"detail(::.*)?"),  # cubling::detail, named relative to cubling (iterator friends)
]
