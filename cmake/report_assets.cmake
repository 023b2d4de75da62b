# The HTML report's page (assets/report/report.js and report.css), embedded
# byte for byte with the SHA-256 of each for the report's CSP. One recipe for
# the main build and the fuzz build, so the two cannot drift.
#   tfstream_report_assets(<root of the repository> <output variable>)
# sets <output variable> to the generated .cc to compile into the core.
function(tfstream_report_assets root out_var)
  set(generated ${CMAKE_BINARY_DIR}/generated/report_assets.cc)
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/generated
    COMMAND python3 ${root}/assets/embed.py ${root}/assets/report/report.js
            ${root}/assets/report/report.css ${generated}
    DEPENDS ${root}/assets/embed.py ${root}/assets/report/report.js ${root}/assets/report/report.css
    COMMENT "Embedding assets/report/report.js and report.css"
    VERBATIM)
  set(${out_var} ${generated} PARENT_SCOPE)
endfunction()
